export { measureCourse, findHoleGreen, findHoleFairways } from './measure-course';
export { measureGreen, greenApproachPoint, greenCentroid, MeasurementError, GREEN_APPROACH_DISTANCE_YARDS } from './green-measurement';
export { measureFairwayWidths, FAIRWAY_STATION_INTERVAL_YARDS, FAIRWAY_STATION_SNAP_METERS } from './fairway-widths';
export { teeSetLengths, teeSetTotals, YARDAGE_BASIS, type TeeLength, type TeeSetLength, type TeeSetTotal } from './tee-set-yardages';
