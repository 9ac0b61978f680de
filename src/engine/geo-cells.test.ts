import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { boxCells, cellKey, circleCells } from './geo-cells.js';
import { distanceKm } from './values.js';

test('every point within a point_radius circle falls in one of its cells', () => {
  fc.assert(
    fc.property(
      fc.double({ min: -170, max: 170, noNaN: true }),
      fc.double({ min: -85, max: 85, noNaN: true }),
      fc.double({ min: 0.1, max: 40.2, noNaN: true }),
      fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
      fc.double({ min: 0, max: 1, noNaN: true }),
      (lon, lat, radiusKm, bearing, frac) => {
        const cells = circleCells(lon, lat, radiusKm);
        if (cells === null) return;
        // A point `frac` of the radius away along `bearing` (spherical destination formula).
        const d = (radiusKm * frac) / 6371.0088;
        const φ1 = (lat * Math.PI) / 180;
        const λ1 = (lon * Math.PI) / 180;
        const φ2 = Math.asin(Math.sin(φ1) * Math.cos(d) + Math.cos(φ1) * Math.sin(d) * Math.cos(bearing));
        const λ2 =
          λ1 + Math.atan2(Math.sin(bearing) * Math.sin(d) * Math.cos(φ1), Math.cos(d) - Math.sin(φ1) * Math.sin(φ2));
        const [plon, plat] = [(λ2 * 180) / Math.PI, (φ2 * 180) / Math.PI];
        if (distanceKm(lon, lat, plon, plat) > radiusKm) return;
        assert.ok(cells.includes(cellKey(plon, plat)), `${plon},${plat} outside ${cells.join(' ')}`);
      },
    ),
    { numRuns: 2000 },
  );
});

test('boxes list the cells they touch; huge or wrapping regions are not filed', () => {
  assert.deepEqual(boxCells(2.2, 48.8, 2.4, 48.9), ['2,48']);
  assert.deepEqual(boxCells(-0.5, 51.4, 0.2, 51.6), ['-1,51', '0,51']);
  assert.equal(boxCells(170, 0, 190, 1), null);
  assert.equal(circleCells(0, 89.5, 10), null);
});
