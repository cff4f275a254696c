import { holePlansFromRows, type DemoCoursePlan, type HolePlanRow } from './demo-course-plan';

// One returning loop east of the clubhouse around Sage Pond: out north, back south, out to
// the far side, home along the canal.
// number, name, par, back tee, dogleg corner, green (metres east/north of the clubhouse), hcp, forward hcp
const ROWS: HolePlanRow[] = [
  [1, 'Juniper', 4, [40, 45], [50, 270], [120, 385], 5, 5],
  [2, 'Sagebrush', 3, [150, 420], null, [300, 445], 9, 9],
  [3, 'Basalt', 4, [330, 420], [350, 180], [400, 50], 3, 3],
  [4, 'Cascade View', 5, [450, 30], [480, 290], [430, 500], 1, 1],
  [5, 'High Desert', 5, [470, 530], [740, 580], [890, 500], 6, 4],
  [6, 'Ponderosa', 3, [900, 465], null, [880, 300], 8, 8],
  [7, 'Canal', 4, [870, 260], [840, 30], [740, -60], 2, 2],
  [8, 'Rimrock', 4, [720, -90], [560, -120], [380, -90], 4, 6],
  [9, 'Homestead', 4, [385, -55], [200, -110], [95, -25], 7, 7],
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
  practice: { puttingGreen: [-40, -45], range: { tee: [-60, 125], bearing: 0, length: 240, width: 70 } },
  water: [
    {
      shape: 'creek',
      id: 'juniper-canal',
      kind: 'lateral_water_hazard',
      name: 'Juniper Canal',
      line: [[780, -190], [640, -205], [480, -190], [330, -200]],
      width: 7,
    },
    { shape: 'pond', id: 'sage-pond', kind: 'natural_water', name: 'Sage Pond', center: [680, 260], radius: 55 },
    { shape: 'pond', id: 'ponderosa-pond', kind: 'water_hazard', name: null, nearGreenOf: 6, relativeBearing: -135, distance: 45, radius: 18 },
  ],
  teeSets: [
    { id: 'blue', name: 'Blue', color: '#1F4FD8', forwardYards: { 3: 0, 4: 0, 5: 0 }, forward: false },
    { id: 'white', name: 'White', color: '#FFFFFF', forwardYards: { 3: 15, 4: 30, 5: 30 }, forward: false },
    { id: 'red', name: 'Red', color: '#C8102E', forwardYards: { 3: 30, 4: 60, 5: 60 }, forward: true },
  ],
  holes: holePlansFromRows(ROWS),
};
