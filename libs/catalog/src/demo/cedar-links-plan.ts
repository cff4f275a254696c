import { holePlansFromRows, type DemoCoursePlan, type HolePlanRow } from './demo-course-plan';

// One returning loop east of the clubhouse: out north, back and out again on parallel holes,
// round Sage Pond and home along the canal.
// number, name, par, back tee, corners of the play line, green (metres east/north of the clubhouse), hcp, forward hcp
const ROWS: HolePlanRow[] = [
  [1, 'Juniper', 4, [40, 45], [[50, 270]], [120, 385], 6, 5],
  [2, 'Sagebrush', 3, [160, 430], [], [285, 470], 9, 9],
  [3, 'Basalt', 4, [300, 430], [[270, 205]], [315, 45], 2, 3],
  [4, 'Cascade View', 5, [350, 15], [[390, 270]], [370, 520], 3, 1],
  [5, 'High Desert', 4, [400, 550], [[525, 405]], [530, 200], 1, 2],
  [6, 'Ponderosa', 3, [540, 165], [], [560, 5], 8, 8],
  [7, 'Canal', 4, [575, -20], [[760, -5]], [860, -90], 7, 7],
  [8, 'Rimrock', 4, [850, -135], [[650, -140]], [470, -100], 4, 4],
  [9, 'Homestead', 4, [440, -80], [[230, -110]], [95, -25], 5, 6],
];

/** A 9-hole, par-35 public course in central Oregon (synthetic). */
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
  practice: { puttingGreen: [-40, -45], range: { tee: [-60, 100], bearing: 0, length: 240, width: 70 } },
  water: [
    {
      shape: 'creek',
      id: 'juniper-canal',
      kind: 'lateral_water_hazard',
      name: 'Juniper Canal',
      line: [
        [780, -190],
        [640, -205],
        [480, -190],
        [330, -200],
      ],
      width: 7,
    },
    { shape: 'pond', id: 'sage-pond', kind: 'natural_water', name: 'Sage Pond', center: [690, 110], radius: 45 },
    { shape: 'pond', id: 'ponderosa-pond', kind: 'water_hazard', name: null, nearGreenOf: 6, relativeBearing: -135, distance: 45, radius: 18 },
  ],
  teeSets: [
    { id: 'blue', name: 'Blue', color: '#1F4FD8', forwardYards: { 3: 0, 4: 0, 5: 0 }, forward: false },
    { id: 'white', name: 'White', color: '#FFFFFF', forwardYards: { 3: 15, 4: 30, 5: 30 }, forward: false },
    { id: 'red', name: 'Red', color: '#C8102E', forwardYards: { 3: 30, 4: 60, 5: 60 }, forward: true },
  ],
  holes: holePlansFromRows(ROWS),
};
