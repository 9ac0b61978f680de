// A 1° grid over longitude/latitude, so geo rules can be filed by the cells their region touches and
// a post looked up by the one cell its location falls in. Only a coarse filter: the matcher decides.
import type { MatchPost } from './types.js';

const KM_PER_DEGREE = 111.19; // slightly under 2πR/360 with R = 6371.0088 km, so extents err wide
const MAX_CELLS = 64;

export const cellKey = (lon: number, lat: number): string => `${Math.floor(lon)},${Math.floor(lat)}`;

/** Cells covering [west, east] × [south, north]; null when too many or across the antimeridian. */
export function boxCells(west: number, south: number, east: number, north: number): string[] | null {
  if (west < -180 || east > 180 || west > east) return null;
  const x0 = Math.floor(west);
  const x1 = Math.floor(east);
  const y0 = Math.floor(Math.max(-90, south));
  const y1 = Math.floor(Math.min(90, north));
  if ((x1 - x0 + 1) * (y1 - y0 + 1) > MAX_CELLS) return null;
  const out: string[] = [];
  for (let x = x0; x <= x1; x++) for (let y = y0; y <= y1; y++) out.push(`${x},${y}`);
  return out;
}

/** Cells covering a circle's latitude/longitude bounding box (widened a little, never narrowed). */
export function circleCells(lon: number, lat: number, radiusKm: number): string[] | null {
  const dLat = (radiusKm / KM_PER_DEGREE) * 1.01;
  const south = lat - dLat;
  const north = lat + dLat;
  const widest = Math.max(Math.abs(south), Math.abs(north));
  if (widest >= 89) return null;
  const dLon = (radiusKm / (KM_PER_DEGREE * Math.cos((widest * Math.PI) / 180))) * 1.01;
  return boxCells(lon - dLon, south, lon + dLon, north);
}

/** The cell that must be among a matching geo rule's cells: the exact point when there is one
 * (the matcher then ignores the place), else a corner of the place box, which a matching rule's
 * region wholly contains (match-ops.geoMatch). */
export function postCell(post: MatchPost): string | null {
  if (post.coordinates) return cellKey(post.coordinates[0], post.coordinates[1]);
  const bbox = post.place?.bbox;
  return bbox ? cellKey(bbox[0], bbox[1]) : null;
}
