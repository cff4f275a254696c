import { holePlansFromRows, type DemoCoursePlan, type HolePlanRow } from './demo-course-plan';

// number, name, par, yards (black), heading, dogleg [at yards, turn], hcp, forward hcp, walk [bearing, m]
const ROWS: HolePlanRow[] = [
  [1, 'Longleaf', 4, 410, 272, [240, 8], 9, 7, [265, 125]],
  [2, 'Wiregrass', 4, 438, 268, [260, 12], 3, 5, [280, 35]],
  [3, 'Sandhill', 3, 185, 355, null, 15, 17, [330, 35]],
  [4, 'Turpentine', 5, 562, 2, [300, 18], 1, 1, [15, 35]],
  [5, 'Fox Squirrel', 4, 402, 85, [240, 12], 11, 9, [60, 35]],
  [6, 'Red Clay', 4, 445, 100, [260, -10], 5, 3, [95, 35]],
  [7, 'Pitch Pine', 3, 205, 185, null, 13, 15, [200, 35]],
  [8, 'Cardinal', 4, 420, 268, [250, -10], 7, 11, [210, 35]],
  [9, 'Homeward', 5, 571, 130, [300, 15], 17, 13, [160, 35]],
  [10, 'Broomsedge', 4, 425, 88, [240, -8], 10, 8, [95, 125]],
  [11, 'Blackjack Oak', 4, 452, 92, [260, -12], 2, 4, [80, 35]],
  [12, 'Dogwood', 3, 172, 5, null, 18, 18, [30, 35]],
  [13, 'Bobwhite', 5, 548, 358, [300, -18], 6, 2, [345, 35]],
  [14, 'Creekside', 4, 398, 275, [240, -12], 14, 12, [300, 35]],
  [15, 'Sweetgum', 4, 433, 260, [260, 10], 4, 6, [265, 35]],
  [16, 'Heron Pond', 3, 214, 175, null, 12, 16, [160, 35]],
  [17, 'Tar Heel', 4, 415, 92, [250, 10], 8, 10, [150, 35]],
  [18, 'Clubhouse', 5, 577, 236, [320, -12], 16, 14, [200, 35]],
];

/** An 18-hole, par-72 private course in the North Carolina Sandhills (synthetic). */
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
  water: [
    { shape: 'pond', id: 'heron-pond', kind: 'water_hazard', name: 'Heron Pond', nearGreenOf: 16, relativeBearing: -115, distance: 48, radius: 20 },
    { shape: 'pond', id: 'dogwood-pond', kind: 'water_hazard', name: null, nearGreenOf: 12, relativeBearing: 135, distance: 46, radius: 17 },
    { shape: 'pond', id: 'hollow-pond', kind: 'natural_water', name: 'Hollow Pond', center: [15, 300], radius: 30 },
    {
      shape: 'creek',
      id: 'hollow-branch',
      kind: 'lateral_water_hazard',
      name: 'Hollow Branch',
      line: [[22, 860], [30, 700], [10, 560], [25, 430], [15, 330]],
      width: 5,
    },
  ],
  teeSets: [
    { id: 'black', name: 'Black', color: '#111111', forwardYards: { 3: 0, 4: 0, 5: 0 }, forward: false },
    { id: 'blue', name: 'Blue', color: '#1F4FD8', forwardYards: { 3: 10, 4: 20, 5: 20 }, forward: false },
    { id: 'white', name: 'White', color: '#FFFFFF', forwardYards: { 3: 20, 4: 40, 5: 40 }, forward: false },
    { id: 'red', name: 'Red', color: '#C8102E', forwardYards: { 3: 35, 4: 65, 5: 65 }, forward: true },
  ],
  holes: holePlansFromRows(ROWS, [1, 10]),
};
