// ICE's colours, all PALETTE's (js/palette.js): the board's layers, edges and Snow backs,
// the pieces' and the labels' inks, the seats' colours. A part that paints reads them here.
import { PALETTE } from "../../palette.js";

const ICE = PALETTE.games.ice;
export const TYPE = ICE.components.type;
export const INK = ICE.ink;
export const PIECE = ICE.components.piece;
const SEATS = ICE.seats;
export const LIGHT = PALETTE.themes.light;
export const LAYER_FILL = ICE.components.layer;
export const EDGE_FILL = ICE.components.edge;
export const SNOW_FILL = ICE.components.snow;
export const DISTRICT_FILL = [INK["district-a"], INK["district-b"], INK["district-c"]];

/** A seat's colour (the seats' colours repeat past the palette's last). */
export const seatColourOf = (p) => SEATS[p % SEATS.length];
