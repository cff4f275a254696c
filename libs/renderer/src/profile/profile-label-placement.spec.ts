import { LabelPlacement } from './profile-label-placement';

describe('LabelPlacement', () => {
  const bounds = { x: 0, y: 0, width: 200, height: 100 };

  it('moves a label to its next candidate when the first collides, and drops it when all do', () => {
    const placement = new LabelPlacement(bounds);
    const low = { x: 50, y: 60, width: 40, height: 20 };
    const lifted = { x: 50, y: 35, width: 40, height: 20 };
    expect(placement.place([low])).toEqual(low);
    expect(
      placement.place([
        { ...low, x: 70 },
        { ...lifted, x: 70 },
      ]),
    ).toEqual({ ...lifted, x: 70 });
    expect(
      placement.place([
        { ...low, x: 60 },
        { ...lifted, x: 60 },
      ]),
    ).toBeNull();
    expect(placement.boxes).toHaveLength(2);
  });

  it('keeps labels inside the bounds: shifted sideways, never clipped at the top', () => {
    const placement = new LabelPlacement(bounds);
    expect(placement.place([{ x: 180, y: 10, width: 40, height: 20 }])).toEqual({ x: 160, y: 10, width: 40, height: 20 });
    expect(placement.place([{ x: 10, y: -5, width: 40, height: 20 }])).toBeNull();
  });

  it('avoids reserved marker areas', () => {
    const placement = new LabelPlacement(bounds);
    placement.reserve({ x: 0, y: 0, width: 30, height: 30 });
    expect(
      placement.place([
        { x: 10, y: 10, width: 10, height: 10 },
        { x: 10, y: 40, width: 10, height: 10 },
      ]),
    ).toEqual({ x: 10, y: 40, width: 10, height: 10 });
  });
});
