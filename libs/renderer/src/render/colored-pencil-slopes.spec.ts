import { generateDemoCourses } from '@caddie/catalog';
import { parseGraphicsBody } from '@caddie/styles';
import { paintGraphic } from './render-graphic';

/** Colored Pencil draws slope arrows when asked (the option table offers breaks in that style); Pencil never does. */
describe('slope arrows by style (issue 56)', () => {
  const course = generateDemoCourses().find((c) => c.id === 'demo-pine-hollow')!;
  const context = { classification: course.classification, country: course.location.country, region: course.location.region };
  // an arrow colour nothing else in the picture uses, counted in the painted pixels
  const ARROW = [0xff, 0x00, 0xff];
  const arrowPixels = (graphicStyle: string, breaks: boolean) => {
    const request = parseGraphicsBody(
      {
        subject: { type: 'green', holeNumber: 1 },
        output: { format: 'png', width: 400, height: 400 },
        style: { graphicStyle },
        ...(breaks ? { greenData: { breaks: true, breakColor: '#FF00FF' } } : {}),
      },
      context,
    );
    const { canvas } = paintGraphic(course, request);
    const data = canvas.getContext('2d').getImageData(0, 0, 400, 400).data;
    let count = 0;
    for (let i = 0; i < data.length; i += 4) if (Math.abs(data[i] - ARROW[0]) + data[i + 1] + Math.abs(data[i + 2] - ARROW[2]) < 30) count++;
    return count;
  };

  it('draws them in colored-pencil and traditional', () => {
    expect(arrowPixels('colored-pencil', false)).toBe(0);
    expect(arrowPixels('colored-pencil', true)).toBeGreaterThan(200);
    expect(arrowPixels('traditional', true)).toBeGreaterThan(200);
  });
});
