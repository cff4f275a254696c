import { paddingPixels, parseImagePadding, parseMetricPadding, type ImagePadding, type PaddingLength } from './padding-shorthand';

const px = (value: number): PaddingLength => ({ unit: 'px', value });
const fr = (value: number): PaddingLength => ({ unit: 'fraction', value });
const sides = (top: PaddingLength, right: PaddingLength, bottom: PaddingLength, left: PaddingLength): ImagePadding => ({ top, right, bottom, left });
const imageRules = { auto: false, unitlessFractions: true };

describe('image padding shorthand', () => {
  it.each<[string | number, ImagePadding]>([
    ['5%', sides(fr(0.05), fr(0.05), fr(0.05), fr(0.05))],
    ['0.05', sides(fr(0.05), fr(0.05), fr(0.05), fr(0.05))],
    [0.05, sides(fr(0.05), fr(0.05), fr(0.05), fr(0.05))],
    ['24', sides(px(24), px(24), px(24), px(24))],
    ['1', sides(px(1), px(1), px(1), px(1))],
    ['0.5px', sides(px(0.5), px(0.5), px(0.5), px(0.5))],
    ['0', sides(px(0), px(0), px(0), px(0))],
    ['0%', sides(px(0), px(0), px(0), px(0))],
    ['10 20', sides(px(10), px(20), px(10), px(20))],
    ['10,20,30', sides(px(10), px(20), px(30), px(20))],
    ['1px, 2% 0.3   4PX', sides(px(1), fr(0.02), fr(0.3), px(4))],
    [' 12.5% , 40px ', sides(fr(0.125), px(40), fr(0.125), px(40))],
  ])('%j', (raw, expected) => {
    expect(parseImagePadding(raw, imageRules)).toEqual({ ok: true, value: expected });
  });

  it.each(['', '1 2 3 4 5', '-5', '100%', 'abc', '5em', '5%%', '9000px', '1,,', 'auto'])('rejects %j', (raw) => {
    expect(parseImagePadding(raw, imageRules).ok).toBe(false);
  });

  it('accepts auto only where allowed', () => {
    expect(parseImagePadding('AUTO', { auto: true, unitlessFractions: true })).toEqual({ ok: true, value: 'auto' });
  });

  it('refuses unitless fractions for profile padding', () => {
    expect(parseImagePadding('0.5', { auto: false, unitlessFractions: false }).ok).toBe(false);
    expect(parseImagePadding('0 5% 12', { auto: false, unitlessFractions: false })).toEqual({ ok: true, value: sides(px(0), fr(0.05), px(12), fr(0.05)) });
  });

  it('converts to pixels per axis', () => {
    expect(paddingPixels(sides(fr(0.1), px(30), px(20), fr(0.25)), 1000, 500)).toEqual({ horizontal: 280, vertical: 70 });
  });
});

describe('metric padding shorthand', () => {
  it('expands and range-checks metres', () => {
    expect(parseMetricPadding(12, 1, 60)).toEqual({ ok: true, value: { top: 12, right: 12, bottom: 12, left: 12 } });
    expect(parseMetricPadding('8 10 6', 1, 60)).toEqual({ ok: true, value: { top: 8, right: 10, bottom: 6, left: 10 } });
    for (const bad of [0.5, 61, '5 0', '5 5 5 5 5', '5px', -3]) expect(parseMetricPadding(bad, 1, 60).ok).toBe(false);
  });
});
