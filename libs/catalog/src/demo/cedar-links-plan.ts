import { holePlansFromRows, type DemoCoursePlan, type HolePlanRow } from './demo-course-plan';

// number, name, par, yards (blue), heading, dogleg [at yards, turn], hcp, forward hcp, walk [bearing, m]
const ROWS: HolePlanRow[] = [
  [1, 'Juniper', 4, 395, 0, [240, 10], 7, 5, [40, 60]],
  [2, 'Sagebrush', 3, 168, 20, null, 9, 9, [30, 35]],
  [3, 'Basalt', 4, 412, 105, [250, 10], 3, 3, [80, 35]],
  [4, 'Cascade View', 5, 552, 125, [300, 15], 1, 1, [120, 35]],
  [5, 'High Desert', 4, 405, 185, [240, 10], 5, 7, [170, 35]],
  [6, 'Ponderosa', 3, 190, 200, null, 8, 8, [210, 35]],
  [7, 'Canal', 4, 430, 268, [250, 5], 2, 2, [250, 35]],
  [8, 'Rimrock', 4, 398, 275, [240, -10], 6, 6, [275, 35]],
  [9, 'Homestead', 5, 545, 352, [300, 6], 4, 4, [205, 40]],
];

/** A 9-hole public course in central Oregon (synthetic). */
export const CEDAR_LINKS_PLAN: DemoCoursePlan = {
  id: 'demo-cedar-links',
  name: 'Cedar Links',
  seed: 'demo-cedar-links/v1',
  city: 'Redmond',
  region: 'OR',
  country: 'US',
  classification: 'public',
  origin: [-121.1968, 44.2934],
  baseElevationMeters: 930,
  reliefMeters: 6,
  roadSide: 270,
  roadName: 'Cedar Links Road',
  parking: [-75, 58],
  water: [
    {
      shape: 'creek',
      id: 'juniper-canal',
      kind: 'lateral_water_hazard',
      name: 'Juniper Canal',
      line: [[820, -560], [650, -575], [480, -565], [300, -560]],
      width: 7,
    },
    { shape: 'pond', id: 'sage-pond', kind: 'natural_water', name: 'Sage Pond', center: [450, 40], radius: 40 },
    { shape: 'pond', id: 'ponderosa-pond', kind: 'water_hazard', name: null, nearGreenOf: 6, relativeBearing: -135, distance: 45, radius: 18 },
  ],
  teeSets: [
    { id: 'blue', name: 'Blue', color: '#1F4FD8', forwardYards: { 3: 0, 4: 0, 5: 0 }, forward: false },
    { id: 'white', name: 'White', color: '#FFFFFF', forwardYards: { 3: 15, 4: 30, 5: 30 }, forward: false },
    { id: 'red', name: 'Red', color: '#C8102E', forwardYards: { 3: 30, 4: 60, 5: 60 }, forward: true },
  ],
  holes: holePlansFromRows(ROWS, [1]),
};
