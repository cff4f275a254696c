import { createCanvas } from '@napi-rs/canvas';
import { buildDemoCourse, DEMO_COURSE_PLANS, type Course, type Hole } from '@caddie/catalog';
import { interpolateAlongPolyline, metersToFeet, METERS_PER_YARD, sampleElevationGrid } from '@caddie/geometry';
import type { NormalizedStyle } from '@caddie/styles';
import { parseImagePadding, type ImagePadding } from '@caddie/styles';
import { sampleElevationProfile } from './elevation-profile-sampler';
import { ProfileDataMissingError } from './profile-data-missing.error';
import { formatSignedFeet } from './profile-distance-labels';
import type { ProfileBox } from './profile-sizing';
import { paintProfileElevation } from './profile-painter';

const SIZE = { width: 1600, height: 600 };

function render(course: Course, holeNumber: number, style: Partial<NormalizedStyle> = {}, size = SIZE) {
  const canvas = createCanvas(size.width, size.height);
  const ctx = canvas.getContext('2d');
  const meta = paintProfileElevation(ctx, size, course, holeNumber, { graphicStyle: 'traditional', ...style });
  const pixels = ctx.getImageData(0, 0, size.width, size.height).data;
  const rgb = (x: number, y: number) => {
    const i = (Math.round(y) * size.width + Math.round(x)) * 4;
    return [pixels[i], pixels[i + 1], pixels[i + 2]];
  };
  return { meta, pixels, rgb, size };
}

const hex = (color: string) => [1, 3, 5].map((i) => parseInt(color.slice(i, i + 2), 16));

function padding(text: string): ImagePadding {
  const parsed = parseImagePadding(text, { auto: false, unitlessFractions: false });
  if (!parsed.ok || parsed.value === 'auto') throw new Error(`bad padding ${text}`);
  return parsed.value;
}

const overlaps = (a: ProfileBox, b: ProfileBox) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

let course: Course;
let par3: Hole;
let par5: Hole;

beforeAll(() => {
  // one demo course (what generateDemoCourses()[0] returns), built alone to halve the set-up time
  course = buildDemoCourse(DEMO_COURSE_PLANS[0]);
  par3 = course.holes.find((h) => h.par === 3)!;
  par5 = course.holes.find((h) => h.par === 5)!;
});

describe('paintProfileElevation on a demo par 3', () => {
  it('stays continuous under 300 yards and records the default presentation', () => {
    const { meta, rgb } = render(course, par3.number);
    expect(meta.length).toBeLessThan(300);
    expect(meta.break).toBeNull();
    const p = meta.presentation;
    expect(p).toMatchObject({
      teeMarkerStyle: 'square',
      teeMarkerSizePixels: 18,
      approachMarkerStyle: 'outlined-circle',
      approachMarkerDiameterPixels: 14,
      markerOutlinePixels: 2,
      backgroundColor: '#FFFFFF',
      padding: { top: 0, right: 0, bottom: 0, left: 0 },
      contentBounds: { x: 0, y: 0, width: 1600, height: 600 },
      lineStyle: 'smooth',
    });
    expect(p.verticalExaggeration).toBeGreaterThanOrEqual(1);
    expect(p.topSafetyBandPixels).toBeGreaterThan(p.teeMarkerSizePixels);
    expect(p.topClearance.minimumPixels).toBeGreaterThanOrEqual(0);
    expect(p.topClearance.terrainPixels).toBeGreaterThanOrEqual(p.topSafetyBandPixels);
    // ground fill runs unbroken just above the base line from tee to green
    const y = p.baseLineY - 4;
    for (let x = p.plotBounds.x + 1; x < p.plotBounds.x + p.plotBounds.width - 1; x++) {
      expect(rgb(x, y)).not.toEqual([255, 255, 255]);
    }
  });

  it('puts the zero-foot datum at the green centre', () => {
    const profile = sampleElevationProfile(course, par3.number);
    const last = profile.samples[profile.samples.length - 1];
    expect(profile.path[profile.path.length - 1]).toEqual(par3.greenCenter);
    expect(last.alongMeters).toBeCloseTo(profile.lengthMeters, 9);
    expect(last.relativeFeet).toBeCloseTo(0, 6);
    expect(last.source).toBe('green');
    // the datum reads the fine green grid directly
    const green = course.elevation.greens[String(par3.number)];
    expect(profile.datum.elevationMeters).toBeCloseTo(sampleElevationGrid(green, par3.greenCenter![0], par3.greenCenter![1])!, 9);
  });

  it('labels approach stations from the flag back, in order, with elevations read from the grids', () => {
    const { meta } = render(course, par3.number);
    const profile = sampleElevationProfile(course, par3.number);
    const green = course.elevation.greens[String(par3.number)];
    const ground = course.elevation.ground!;
    expect(meta.stations.length).toBeGreaterThanOrEqual(3);
    meta.stations.forEach((s, i) => {
      expect(s.distanceToGreen % meta.stationInterval).toBe(0);
      if (i > 0) {
        expect(s.distanceToGreen).toBeGreaterThan(meta.stations[i - 1].distanceToGreen);
        expect(s.x).toBeLessThan(meta.stations[i - 1].x);
      }
      expect(s.distanceLabel).toBe(`${s.distanceToGreen} yd`);
      // independent read of the same point: green grid where it covers, else ground
      const point = interpolateAlongPolyline(profile.path, profile.lengthMeters - s.distanceToGreen * METERS_PER_YARD).point;
      const meters = sampleElevationGrid(green, point[0], point[1]) ?? sampleElevationGrid(ground, point[0], point[1])!;
      expect(s.elevationFeet).toBeCloseTo(metersToFeet(meters - profile.datum.elevationMeters), 1);
      expect(s.elevationLabel).toBe(formatSignedFeet(s.elevationFeet));
    });
    const elevationLabels = meta.labels.filter((l) => l.kind === 'station-elevation').map((l) => l.text);
    expect(elevationLabels).toEqual(meta.stations.filter((s) => s.elevationLabelShown).map((s) => s.elevationLabel));
    expect(elevationLabels.length).toBeGreaterThanOrEqual(3);
    const distanceLabels = meta.labels.filter((l) => l.kind === 'station-distance').map((l) => l.text);
    expect(distanceLabels.length).toBeGreaterThanOrEqual(3);
  });

  it('draws every tee as a square of its tee set colour on the terrain', () => {
    const { meta, rgb } = render(course, par3.number);
    expect(meta.tees.map((t) => t.teeSetId).sort()).toEqual(par3.tees.map((t) => t.teeSetId).sort());
    for (const t of meta.tees) {
      expect(t.x).not.toBeNull();
      expect(rgb(t.x!, t.y! - 9)).toEqual(hex(t.color!));
    }
    expect(meta.tees.find((t) => t.selected)?.teeSetId).toBe('black');
  });

  it('paints the background, terrain in the lower half, and nothing outside the padding box', () => {
    const background = '#F3EEDD';
    const { meta, pixels, rgb, size } = render(course, par3.number, { profileBackgroundColor: background, profilePadding: padding('30px 5% 40px 60px') });
    const box = meta.presentation.contentBounds;
    expect(box).toEqual({ x: 60, y: 30, width: 1600 - 60 - 80, height: 600 - 30 - 40 });
    expect(rgb(0, 0)).toEqual(hex(background));
    expect(rgb(size.width - 1, size.height - 1)).toEqual(hex(background));
    let outside = 0;
    let lowerHalfInk = 0;
    for (let y = 0; y < size.height; y++) {
      for (let x = 0; x < size.width; x++) {
        const i = (y * size.width + x) * 4;
        const isBackground = pixels[i] === 0xf3 && pixels[i + 1] === 0xee && pixels[i + 2] === 0xdd;
        const inside = x >= box.x && x < box.x + box.width && y >= box.y && y < box.y + box.height;
        if (!inside && !isBackground) outside++;
        if (inside && y > size.height / 2 && !isBackground) lowerHalfInk++;
      }
    }
    expect(outside).toBe(0);
    expect(lowerHalfInk).toBeGreaterThan(0.3 * box.width * (box.y + box.height - size.height / 2));
  });

  it('never overlaps labels and keeps them inside the content box, even at large sizes', () => {
    // at the default size every label fits; at 36 px the tees of a short par 3 near the top of the plot
    // crowd each other, yet every tee keeps its badge: over its tee, under the terrain line below it,
    // or moved sideways with a leader line to its tee
    expect(render(course, par3.number).meta.droppedLabels).toEqual([]);
    const crowded = render(course, par3.number, { profileLabelSize: 36 }).meta;
    expect(crowded.droppedLabels.filter((l) => l.kind === 'tee-badge')).toEqual([]);
    const badges = crowded.labels.filter((l) => l.kind === 'tee-badge');
    expect(badges).toHaveLength(crowded.tees.filter((t) => t.x !== null).length);
    for (const tee of crowded.tees.filter((t) => t.x !== null)) {
      const tied = badges.filter((b) => (b.box.x <= tee.x! && tee.x! <= b.box.x + b.box.width) || (b.leader && Math.abs(b.leader.from[0] - tee.x!) < 1));
      expect(tied.length).toBeGreaterThanOrEqual(1);
    }
    for (const style of [{}, { profileLabelSize: 36, profileYardageSize: 'large' }] as Partial<NormalizedStyle>[]) {
      const { meta } = render(course, par3.number, style);
      const box = meta.presentation.contentBounds;
      for (const [i, a] of meta.labels.entries()) {
        expect(a.box.x).toBeGreaterThanOrEqual(box.x);
        expect(a.box.y).toBeGreaterThanOrEqual(box.y);
        expect(a.box.x + a.box.width).toBeLessThanOrEqual(box.x + box.width);
        expect(a.box.y + a.box.height).toBeLessThanOrEqual(box.y + box.height);
        for (const b of meta.labels.slice(i + 1)) expect(overlaps(a.box, b.box)).toBe(false);
      }
    }
  });
});

describe('paintProfileElevation on a demo par 5', () => {
  it('leaves a blank band with a low zigzag for the omitted middle', () => {
    const { meta, rgb } = render(course, par5.number);
    expect(meta.length).toBeGreaterThanOrEqual(300);
    const b = meta.break!;
    expect(b).not.toBeNull();
    expect(b.omittedLength).toBeGreaterThan(0);
    const p = meta.presentation;
    const mid = Math.round((b.bandLeftPixels + b.bandRightPixels) / 2);
    // blank from the top of the content down to just above the zigzag
    for (let y = 0; y < p.baseLineY - b.zigzagAmplitudePixels - 3; y++) expect(rgb(mid, y)).toEqual([255, 255, 255]);
    // the zigzag itself: ink somewhere in the band's bottom rows
    let zigzagInk = 0;
    for (let x = Math.ceil(b.bandLeftPixels) + 1; x < b.bandRightPixels - 1; x++) {
      for (let y = p.baseLineY - b.zigzagAmplitudePixels - 2; y <= p.baseLineY + 2; y++) if (rgb(x, y)[0] < 200) zigzagInk++;
    }
    expect(zigzagInk).toBeGreaterThan(b.bandRightPixels - b.bandLeftPixels);
    // stations only on the shown stretches
    for (const s of meta.stations) expect(s.x < b.bandLeftPixels || s.x > b.bandRightPixels).toBe(true);
    expect(meta.stations.some((s) => s.x > b.bandRightPixels)).toBe(true);
  });

  it('is deterministic', () => {
    const a = render(course, par5.number, { profileLineStyle: 'stepped' });
    const b = render(course, par5.number, { profileLineStyle: 'stepped' });
    expect(b.meta).toEqual(a.meta);
    expect(Buffer.from(b.pixels).equals(Buffer.from(a.pixels))).toBe(true);
  });

  it('draws a stepped line differently from the smooth one on the same scale', () => {
    const smooth = render(course, par5.number);
    const stepped = render(course, par5.number, { profileLineStyle: 'stepped' });
    expect(stepped.meta.presentation.lineStyle).toBe('stepped');
    expect(stepped.meta.presentation.verticalExaggeration).toBe(smooth.meta.presentation.verticalExaggeration);
    expect(Buffer.from(stepped.pixels).equals(Buffer.from(smooth.pixels))).toBe(false);
  });

  it('profiles the tee chosen by profileTee and falls back to the furthest tee', () => {
    const red = render(course, par5.number, { profileTee: 'c8102e' }).meta;
    expect(red.tee?.teeSetId).toBe('red');
    expect(red.tee?.matchedBy).toBe('color');
    expect(red.length).toBe(par5.tees.find((t) => t.teeSetId === 'red')!.yards);
    expect(red.omittedTeeSetIds.sort()).toEqual(['black', 'blue', 'white']);
    expect(red.tees.map((t) => t.teeSetId)).toEqual(['red']);

    // demo tee set ids equal their lower-cased names; rename one so only its name can match
    const renamed = { ...course, teeSets: course.teeSets.map((t) => (t.id === 'white' ? { ...t, name: 'Member' } : t)) };
    const byName = render(renamed, par5.number, { profileTee: 'mEMBER' }).meta;
    expect(byName.tee).toMatchObject({ teeSetId: 'white', matchedBy: 'name' });
    const byId = render(course, par5.number, { profileTee: 'blue' }).meta;
    expect(byId.tee).toMatchObject({ teeSetId: 'blue', matchedBy: 'id' });
    const fallback = render(course, par5.number, { profileTee: 'gold' }).meta;
    expect(fallback.tee).toMatchObject({ teeSetId: 'black', matchedBy: 'furthest-fallback' });
    expect(fallback.length).toBe(par5.tees.find((t) => t.teeSetId === 'black')!.yards);
  });

  it('labels distances in feet or metres while elevations stay in feet', () => {
    for (const [unit, suffix] of [
      ['feet', ' ft'],
      ['meters', ' m'],
    ] as const) {
      const { meta } = render(course, par5.number, { profileDistanceUnit: unit });
      expect(meta.distanceUnit).toBe(unit);
      expect(meta.stations.length).toBeGreaterThan(2);
      for (const s of meta.stations) {
        expect(s.distanceLabel).toBe(`${s.distanceToGreen}${suffix}`);
        expect(s.elevationLabel).toMatch(/^(?:[+-][1-9]\d*|0) ft$/);
      }
      const teeDistance = meta.labels.find((l) => l.kind === 'tee-distance')!;
      expect(teeDistance.text).toBe(`${meta.length}${suffix}`);
    }
  });

  it('scales markers with the output size and honours profileTeeMarkerSize', () => {
    const big = render(course, par5.number, {}, { width: 3200, height: 1200 }).meta.presentation;
    expect([big.teeMarkerSizePixels, big.approachMarkerDiameterPixels, big.markerOutlinePixels]).toEqual([36, 28, 4]);
    const chosen = render(course, par5.number, { profileTeeMarkerSize: 40 }).meta.presentation;
    expect(chosen.teeMarkerSizePixels).toBe(40);
    expect(chosen.topSafetyBandPixels).toBeGreaterThan(40);
  });
});

describe('paintProfileElevation without the data it needs', () => {
  const attempt = (c: Course, holeNumber: number) => {
    try {
      render(c, holeNumber);
    } catch (error) {
      return error;
    }
    return null;
  };

  it('refuses a course without elevation', () => {
    const error = attempt({ ...course, elevation: undefined as unknown as Course['elevation'] }, par3.number);
    expect(error).toBeInstanceOf(ProfileDataMissingError);
    expect((error as ProfileDataMissingError).code).toBe('elevation-missing');
    const noGround = attempt({ ...course, elevation: { ground: null, greens: course.elevation.greens, trees: null } }, par3.number);
    expect((noGround as ProfileDataMissingError).code).toBe('elevation-missing');
  });

  it('refuses an unknown hole, a hole without green or without play line', () => {
    expect((attempt(course, 99) as ProfileDataMissingError).code).toBe('hole-not-found');
    const without = (change: Partial<Hole>) => ({ ...course, holes: course.holes.map((h) => (h.number === par3.number ? { ...h, ...change } : h)) });
    expect((attempt(without({ greenCenter: null }), par3.number) as ProfileDataMissingError).code).toBe('green-missing');
    expect((attempt(without({ centerline: [par3.centerline[0]] }), par3.number) as ProfileDataMissingError).code).toBe('hole-geometry-missing');
  });
});
