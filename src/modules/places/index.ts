// The built-in gazetteer and its wire shape.
export { PLACES, placeById, type PlaceRecord } from './places.catalog.js';
export { placeView } from './places.view.js';
