import { holePlansFromRows, type DemoCoursePlan, type HolePlanRow } from './demo-course-plan';

// Two returning nines either side of the clubhouse: the front nine loops west, the back nine
// east. Holes turn both ways and run in many directions: 6 is a par 5 that bends left and then
// right, 18 a cape hole whose drive carries as much of Hollow Pond as the player dares, and the
// par 3s run from a 135-yard pitch to a 215-yard carry.
// number, name, par, back tee, corners of the play line, green (metres east/north of the clubhouse), hcp, forward hcp
const ROWS: HolePlanRow[] = [
  [1, 'Longleaf', 4, [-40, 45], [[-45, 280]], [-110, 400], 5, 7],
  [2, 'Wiregrass', 3, [-140, 430], [], [-245, 495], 17, 17],
  [3, 'Sandhill', 4, [-320, 450], [[-330, 230]], [-410, 85], 1, 5],
  [4, 'Turpentine', 5, [-450, 45], [[-475, 300]], [-420, 515], 9, 3],
  [5, 'Fox Squirrel', 3, [-460, 550], [], [-625, 505], 13, 15],
  [
    6,
    'Red Clay',
    5,
    [-665, 540],
    [
      [-655, 330],
      [-580, 195],
    ],
    [-595, 35],
    3,
    1,
  ],
  [7, 'Pitch Pine', 4, [-585, -25], [[-380, -45]], [-260, -10], 11, 11],
  [8, 'Cardinal', 4, [-250, 30], [[-235, 210]], [-205, 345], 15, 13],
  [9, 'Homeward', 4, [-170, 370], [[-150, 160]], [-75, 30], 7, 9],
  [10, 'Broomsedge', 4, [30, 60], [[40, 300]], [110, 455], 6, 10],
  [11, 'Blackjack Oak', 3, [145, 490], [], [335, 545], 18, 18],
  [12, 'Dogwood', 4, [355, 505], [[355, 270]], [415, 125], 4, 8],
  [13, 'Bobwhite', 5, [470, 120], [[465, 390]], [385, 565], 8, 2],
  [14, 'Creekside', 3, [420, 610], [], [560, 665], 16, 16],
  [15, 'Sweetgum', 4, [600, 625], [[600, 390]], [575, 210], 2, 4],
  [16, 'Heron Pond', 4, [610, 150], [[460, 50]], [300, 60], 10, 12],
  [17, 'Tar Heel', 4, [250, 95], [[275, 300]], [250, 420], 14, 14],
  [18, 'Clubhouse', 5, [220, 460], [[185, 215]], [75, 45], 12, 6],
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
  practice: { puttingGreen: [-80, -35], range: { tee: [92, -92], bearing: 90, length: 250, width: 75 } },
  water: [
    { shape: 'pond', id: 'heron-pond', kind: 'water_hazard', name: 'Heron Pond', nearGreenOf: 16, relativeBearing: -115, distance: 48, radius: 20 },
    { shape: 'pond', id: 'dogwood-pond', kind: 'water_hazard', name: null, nearGreenOf: 12, relativeBearing: 95, distance: 44, radius: 16 },
    { shape: 'pond', id: 'hollow-pond', kind: 'water_hazard', name: 'Hollow Pond', center: [118, 210], radius: 24 },
    {
      shape: 'creek',
      id: 'hollow-branch',
      kind: 'lateral_water_hazard',
      name: 'Hollow Branch',
      line: [
        [-282, 405],
        [-292, 300],
        [-272, 190],
        [-296, 90],
        [-300, 45],
      ],
      width: 5,
    },
    // The short par 3 plays over the corner of a pond to a green set just beyond it.
    { shape: 'pond', id: 'creekside-pond', kind: 'water_hazard', name: null, nearGreenOf: 14, relativeBearing: 155, distance: 36, radius: 13 },
  ],
  teeSets: [
    { id: 'black', name: 'Black', color: '#111111', forwardYards: { 3: 0, 4: 0, 5: 0 }, forward: false },
    { id: 'blue', name: 'Blue', color: '#1F4FD8', forwardYards: { 3: 10, 4: 20, 5: 20 }, forward: false },
    { id: 'white', name: 'White', color: '#FFFFFF', forwardYards: { 3: 20, 4: 40, 5: 40 }, forward: false },
    { id: 'red', name: 'Red', color: '#C8102E', forwardYards: { 3: 35, 4: 65, 5: 65 }, forward: true },
  ],
  holes: holePlansFromRows(ROWS),
};
