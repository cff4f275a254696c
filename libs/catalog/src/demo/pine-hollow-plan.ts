import { holePlansFromRows, type DemoCoursePlan, type HolePlanRow } from './demo-course-plan';

// Two returning nines either side of the clubhouse: the front nine loops west, the back nine
// east; parallel holes play in opposite directions with a belt of pines between them.
// number, name, par, back tee, dogleg corner, green (metres east/north of the clubhouse), hcp, forward hcp
const ROWS: HolePlanRow[] = [
  [1, 'Longleaf', 4, [-40, 45], [-45, 280], [-110, 400], 5, 7],
  [2, 'Wiregrass', 3, [-140, 430], null, [-290, 470], 17, 17],
  [3, 'Sandhill', 4, [-320, 450], [-345, 210], [-400, 75], 1, 5],
  [4, 'Turpentine', 5, [-450, 45], [-475, 300], [-420, 515], 9, 3],
  [5, 'Fox Squirrel', 3, [-455, 545], null, [-615, 580], 13, 15],
  [6, 'Red Clay', 5, [-640, 550], [-615, 280], [-570, 30], 3, 1],
  [7, 'Pitch Pine', 4, [-585, -25], [-380, -45], [-260, -10], 11, 11],
  [8, 'Cardinal', 4, [-250, 30], [-235, 210], [-205, 345], 15, 13],
  [9, 'Homeward', 4, [-170, 370], [-125, 150], [-95, 25], 7, 9],
  [10, 'Broomsedge', 4, [30, 60], [40, 300], [110, 455], 6, 10],
  [11, 'Blackjack Oak', 3, [145, 490], null, [305, 530], 18, 18],
  [12, 'Dogwood', 4, [335, 515], [365, 280], [410, 110], 4, 8],
  [13, 'Bobwhite', 5, [450, 115], [470, 340], [450, 575], 8, 2],
  [14, 'Creekside', 3, [490, 600], null, [620, 650], 16, 16],
  [15, 'Sweetgum', 4, [610, 615], [600, 390], [575, 210], 2, 4],
  [16, 'Heron Pond', 4, [610, 150], [460, 50], [300, 60], 10, 12],
  [17, 'Tar Heel', 4, [255, 100], [265, 300], [240, 420], 14, 14],
  [18, 'Clubhouse', 5, [210, 445], [165, 220], [95, 20], 12, 6],
];

/** An 18-hole, par-72 parkland private course in the North Carolina Sandhills (synthetic). */
export const PINE_HOLLOW_PLAN: DemoCoursePlan = {
  id: 'demo-pine-hollow',
  name: 'Pine Hollow Golf Club',
  seed: 'demo-pine-hollow/v1',
  city: 'Sanford',
  region: 'NC',
  country: 'US',
  classification: 'private',
  origin: [-79.2236, 35.4312],
  baseElevationMeters: 112,
  reliefMeters: 9,
  roadSide: 180,
  roadName: 'Pine Hollow Drive',
  parking: [0, -62],
  practice: { puttingGreen: [-58, -22], range: { tee: [92, -92], bearing: 90, length: 250, width: 75 } },
  water: [
    { shape: 'pond', id: 'heron-pond', kind: 'water_hazard', name: 'Heron Pond', nearGreenOf: 16, relativeBearing: -115, distance: 48, radius: 20 },
    { shape: 'pond', id: 'dogwood-pond', kind: 'water_hazard', name: null, nearGreenOf: 12, relativeBearing: 95, distance: 44, radius: 16 },
    { shape: 'pond', id: 'hollow-pond', kind: 'natural_water', name: 'Hollow Pond', center: [318, 180], radius: 24 },
    {
      shape: 'creek',
      id: 'hollow-branch',
      kind: 'lateral_water_hazard',
      name: 'Hollow Branch',
      line: [[-282, 405], [-292, 300], [-272, 190], [-296, 90], [-300, 45]],
      width: 5,
    },
  ],
  teeSets: [
    { id: 'black', name: 'Black', color: '#111111', forwardYards: { 3: 0, 4: 0, 5: 0 }, forward: false },
    { id: 'blue', name: 'Blue', color: '#1F4FD8', forwardYards: { 3: 10, 4: 20, 5: 20 }, forward: false },
    { id: 'white', name: 'White', color: '#FFFFFF', forwardYards: { 3: 20, 4: 40, 5: 40 }, forward: false },
    { id: 'red', name: 'Red', color: '#C8102E', forwardYards: { 3: 35, 4: 65, 5: 65 }, forward: true },
  ],
  holes: holePlansFromRows(ROWS),
};
