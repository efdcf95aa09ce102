// collide2d: exact 2D collision detection in WebAssembly (type declarations).
//
// One semantics everywhere: shapes are closed sets, so shapes that only touch overlap. One world
// frame, y up, angles in radians counter-clockwise (a y-down screen frame turns the same numbers
// clockwise on screen). All numbers are doubles.
//
// Shapes are frozen plain objects made by the constructors below; the constructors check their
// input (a TypeError for a value that is not a number, a RangeError naming the value for NaN, an
// infinity, a negative size, an inverted box, a non-convex polygon...), so the queries can trust
// them. Hand-made objects, and copies ({...shape, x: 5}), are refused with a TypeError: make a
// new shape instead (shapes are values; a Scene's move() takes the new one).

export interface Vec2 {
  readonly x: number;
  readonly y: number;
}

/** One point. */
export interface PointShape {
  readonly kind: "point";
  readonly x: number;
  readonly y: number;
}
/** The points between a and b, both ends included. */
export interface SegmentShape {
  readonly kind: "segment";
  readonly ax: number;
  readonly ay: number;
  readonly bx: number;
  readonly by: number;
}
/** Points within `radius` of the centre (x, y). */
export interface CircleShape {
  readonly kind: "circle";
  readonly x: number;
  readonly y: number;
  readonly radius: number;
}
/** Points within `radius` of the segment ab (a stadium). */
export interface CapsuleShape {
  readonly kind: "capsule";
  readonly ax: number;
  readonly ay: number;
  readonly bx: number;
  readonly by: number;
  readonly radius: number;
}
/** minX <= x <= maxX and minY <= y <= maxY. */
export interface AabbShape {
  readonly kind: "aabb";
  readonly minX: number;
  readonly minY: number;
  readonly maxX: number;
  readonly maxY: number;
}
/** A width x height box centred at (x, y), its own x axis turned by `angle` (cos, sin). */
export interface ObbShape {
  readonly kind: "obb";
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  /** Radians, counter-clockwise: as given to obb(); atan2(sin, cos) for the other makers. */
  readonly angle: number;
  readonly cos: number;
  readonly sin: number;
}
/** A strictly convex polygon of 3 to 8 vertices, counter-clockwise. */
export interface PolygonShape {
  readonly kind: "polygon";
  /** x0, y0, x1, y1, ... counter-clockwise. */
  readonly vertices: Float64Array;
  /** Unit outward normal of the edge from vertex i to vertex i + 1, as x, y pairs. */
  readonly normals: Float64Array;
}

/**
 * The points within `radius` of a strictly convex polygon (its core): a rounded polygon, Box2D's
 * rounded b2Polygon (roundedBox makes Box2D's b2MakeRoundedBox).
 */
export interface RoundedPolygonShape {
  readonly kind: "rounded_polygon";
  /** The core's vertices x0, y0, x1, y1, ... counter-clockwise (3 to 8). */
  readonly vertices: Float64Array;
  /** Unit outward normal of the core's edge from vertex i to vertex i + 1, as x, y pairs. */
  readonly normals: Float64Array;
  /** Finite, >= 0 (0: the core polygon itself). */
  readonly radius: number;
}

export type Shape =
  | PointShape
  | SegmentShape
  | CircleShape
  | CapsuleShape
  | AabbShape
  | ObbShape
  | PolygonShape
  | RoundedPolygonShape;
export type AreaShape = CircleShape | CapsuleShape | AabbShape | ObbShape | PolygonShape | RoundedPolygonShape;
/** Points as the polygon builders take them: flat x, y numbers, [{x, y}...] or [[x, y]...]. */
export type Points = ArrayLike<number> | ArrayLike<Vec2> | ArrayLike<readonly [number, number]>;
/**
 * A simple polygon of any vertex count, concave allowed (c2d.simplePolygon): the closed region
 * bounded by the outline (touching counts as overlapping). Built once in wasm memory: free it with
 * dispose() (else it is freed when collected); a query given a disposed one throws a TypeError.
 * Not a Shape: Scene.add and Scene.move take it as an entry of its own (not as a group's part),
 * and collide, penetration, shapeCast, intersection, overlapsMany and boxBatch refuse it with a
 * TypeError saying what to use instead.
 */
export interface SimplePolygon {
  readonly kind: "simple_polygon";
  /** The vertices, counter-clockwise (a clockwise outline is reversed), flat: x0, y0, x1, y1, ... */
  readonly vertices: Float64Array;
  /** The box of the vertices (also c2d.boundingBox(polygon)). */
  readonly boundingBox: AabbShape;
  /** The area (> 0), by the shoelace formula. */
  readonly area: number;
  /** Frees its wasm memory; its fields stay readable, any query given it throws a TypeError. */
  dispose(): void;
}
/** What the pair queries that take simple polygons take: any Shape or a SimplePolygon. */
export type AnyShape = Shape | SimplePolygon;
/** The shapes intersection takes: its answer is a convex polygon. */
export type IntersectionShape = AabbShape | ObbShape | PolygonShape;
/** massProperties' answer; inertia is about the centroid. */
export interface MassProperties {
  mass: number;
  centroid: Vec2;
  inertia: number;
}
/**
 * A closed freehand path (c2d.lasso): p0, p1, ... and back to p0, crossing itself as it may. As a
 * Scene.select region it is filled by the nonzero winding rule (a figure eight fills both lobes,
 * two loops in opposite directions over one area cancel), and the path itself belongs to it.
 */
export interface Lasso {
  readonly kind: "lasso";
  /** The points as given, flat: x0, y0, x1, y1, ... (a copy: changing it changes nothing). */
  readonly points: Float64Array;
}
export type Region = AabbShape | ObbShape | PolygonShape | Lasso;
/**
 * How a detection library writes a rotated box (obbFrom): a preset, or the angle unit (radians
 * unless degrees), the frame's y axis ("y_up" unless "y_down") and which way a positive angle
 * turns the box as seen in the frame's picture ("ccw" unless "cw"). Presets: "collide2d" (radians,
 * y up, ccw), "opencv" (cv::RotatedRect: degrees, y down, cw), "detectron2" (degrees, y down,
 * ccw), "mmcv" (radians, y down, cw).
 */
export type BoxConvention =
  | "collide2d"
  | "opencv"
  | "detectron2"
  | "mmcv"
  | { convention: "collide2d" | "opencv" | "detectron2" | "mmcv" }
  | { degrees?: boolean; frame?: "y_up" | "y_down"; winding?: "ccw" | "cw" };

/** The points origin + t * direction for 0 <= t <= maxT (direction need not be unit length). */
export interface Ray {
  readonly kind: "ray";
  readonly ox: number;
  readonly oy: number;
  readonly dx: number;
  readonly dy: number;
  readonly maxT: number;
}

export interface RayHit {
  /** Entry and exit parameters, in units of the ray's direction: 0 <= tEnter <= tExit <= maxT. */
  tEnter: number;
  tExit: number;
  enter: Vec2;
  exit: Vec2;
  /** Outward unit normal at the entry; (0, 0) when the ray started inside. */
  normal: Vec2;
  startedInside: boolean;
  endedInside: boolean;
}

export interface ContactPoint {
  /** World position, midway between the two surfaces. */
  point: Vec2;
  /** Penetration depth (>= 0 for touching or overlapping). */
  depth: number;
}
export interface Manifold {
  /** Unit normal from a to b; (0, 0) when there are no points. */
  normal: Vec2;
  /** 0 (apart), 1 or 2 points. */
  points: ContactPoint[];
}
export interface Penetration {
  /** Unit normal from a to b: moving b by normal * depth separates the shapes (they then touch). */
  normal: Vec2;
  depth: number;
}
export interface DistanceResult {
  /** 0 when the shapes overlap. */
  distance: number;
  /** Closest points on a and on b (a common point when overlapping). */
  pointA: Vec2;
  pointB: Vec2;
}
export interface CollideOptions {
  /** Also report points whose surfaces are at most this far apart (depth < 0); default 0. Finite, >= 0. */
  prediction?: number;
}
export interface CastOptions {
  /** The cast covers t in [0, maxTime]; default 1; Infinity casts an unbounded motion. */
  maxTime?: number;
  /**
   * Default true: shapes touching or overlapping at t = 0 give t = 0. false: such an initial contact
   * counts only if the motion drives the shapes deeper (dot(motionB - motionA, normal) < 0); a
   * motion that separates them or slides along the contact gives null (parry's stop_at_penetration).
   */
  stopAtPenetration?: boolean;
}
export interface CastHit {
  /** First time in [0, maxTime] (default [0, 1]) at which a + t * motionA touches b + t * motionB. */
  t: number;
  normal: Vec2;
  point: Vec2;
}

export type SelectMode = "intersects" | "contains";
export type IndexChoice = "automatic" | "packed" | "dynamic" | "grid";

export interface QueryOptions {
  /** Leave out shapes that only touch the region (or the point, or the other shape of a pair). */
  excludeTouching?: boolean;
  /** The query's categories and mask, tested against each shape's by Box2D's rule. */
  categories?: number;
  mask?: number;
}

export interface NearestOptions extends QueryOptions {
  /** Only shapes at most this far (default Infinity). */
  maxDistance?: number;
}
export interface SceneNearest {
  id: number;
  /** 0 when the query overlaps or touches the shape. */
  distance: number;
}

export interface SceneOptions {
  /** Default "automatic": packed Hilbert R-tree plus a dynamic tree for later additions. */
  index?: IndexChoice;
  /** Children per node of the packed tree, 2 to 256 (default 16). */
  nodeSize?: number;
}

export interface SceneRayHit extends RayHit {
  id: number;
}

export interface SceneStats {
  shapes: number;
  packed: number;
  dynamic: number;
  removed: number;
  rebuilds: number;
  memoryBytes: number;
}

/** Many shapes, indexed, with exact answers: `new c2d.Scene()`. Free its wasm memory with dispose(). */
export interface Scene<UserData = unknown> {
  /** Number of shapes. */
  readonly size: number;
  /**
   * Adds a shape, or a simple polygon as one entry that every query decides exactly as the one
   * region it is (no convex decomposition: an L's inner seam is inside it). The scene keeps its own
   * copy of a polygon, which may be disposed after. A disposed polygon is a TypeError.
   */
  add(shape: Shape | SimplePolygon, userData?: UserData): number;
  /** Several shapes as one id, which every query treats as the union of its parts (a hit on any
   * part selects it; "contains" needs every part inside). Throws for no parts or a bad part. */
  addGroup(parts: Shape[], userData?: UserData): number;
  isGroup(id: number): boolean;
  /** Whether the id is a simple polygon (a RangeError for an id not in the scene). */
  isPolygon(id: number): boolean;
  /**
   * A simple polygon entry as a new SimplePolygon (dispose() it when done), as last given to add
   * or move; a RangeError with the library's message for a shape or a group.
   */
  polygon(id: number): SimplePolygon;
  /** A group's parts (a shape: itself alone); shape(id) throws for a group. Both throw a
   * RangeError for a simple polygon (polygon(id) returns it). */
  parts(id: number): Shape[];
  /**
   * Adds one Obb a row of (cx, cy, width, height, angleRadians); returns their ids in row order.
   * Crosses into wasm once for the whole array.
   */
  addBoxes(rows: Float64Array | Float32Array): Uint32Array;
  /** The id becomes this shape or simple polygon (its kind may change; userData, z and filter kept). */
  move(id: number, shape: Shape | SimplePolygon): void;
  /**
   * The batch of move: ids[i] becomes the Obb of row i, rows read as addBoxes reads them; the same
   * as move for each in order (a repeated id keeps its last row), userData kept. Crosses into wasm
   * once. Everything is checked before anything changes: a RangeError names a bad row, an id not
   * in the scene, or ids and rows of different lengths.
   */
  moveBoxes(ids: Uint32Array | readonly number[], rows: Float64Array | Float32Array): void;
  remove(id: number): void;
  clear(): void;
  has(id: number): boolean;
  /** The shape of the id; a RangeError for a group (parts(id)) or a simple polygon (polygon(id)). */
  shape(id: number): Shape;
  /** The userData given to add() (undefined if none); a RangeError for an id not in the scene. */
  userData(id: number): UserData | undefined;
  setUserData(id: number, userData: UserData): void;
  /** z-order for hitTest and ray ties: higher on top (default 0). */
  z(id: number): number;
  setZ(id: number, z: number): void;
  setFilter(id: number, categories: number, mask: number): void;
  /** Shape ids that intersect or lie inside the region (an aabb, obb, polygon or lasso), in no particular order. */
  select(region: Region, mode?: SelectMode, options?: QueryOptions): Uint32Array;
  /** Every shape under the point, topmost first (higher z, then higher id). */
  hitTest(x: number, y: number, options?: QueryOptions): Uint32Array;
  /** The shape the ray enters first; null when it hits nothing. */
  raycastClosest(ray: Ray, options?: QueryOptions): SceneRayHit | null;
  /** Every shape the ray hits, ordered by tEnter (ties topmost first). */
  raycastAll(ray: Ray, options?: QueryOptions): SceneRayHit[];
  /** Every overlapping pair once, as flat (first, second) ids with first < second. */
  overlappingPairs(options?: QueryOptions): Uint32Array;
  /**
   * The k (default 1) shapes nearest to the point, nearest first, by exact distance (0 for a shape
   * the point is on); equal distances topmost first. Only shapes within options.maxDistance
   * (default Infinity). For snapping: flatbush's neighbors ranks boxes, this ranks shapes.
   */
  nearest(x: number, y: number, k?: number, options?: NearestOptions): SceneNearest[];
  /** The same with a shape (which need not be in the scene) as the query. */
  nearestTo(shape: Shape, k?: number, options?: NearestOptions): SceneNearest[];
  /** Every shape of the scene that overlaps `shape` (which need not be in the scene). */
  overlapping(shape: Shape, options?: QueryOptions): Uint32Array;
  /** Box-level answer of the index: shapes whose bounding box meets `box` (no exact test). */
  candidates(box: AabbShape, options?: QueryOptions): Uint32Array;
  /** Brings the index up to date now (every query does this first). */
  update(): void;
  stats(): SceneStats;
  /**
   * The boxes of the index's nodes (flat minX, minY, maxX, maxY rows) and each node's depth
   * (0 at a root: one packed tree per shape kind, plus the dynamic tree of shapes added since the
   * last build; the grid index has no nodes), for drawing the broad phase.
   */
  indexBoxes(): { boxes: Float64Array; depths: Uint8Array };
  /**
   * The library's binary scene file (docs/SCENE_FORMAT.md, "Binary scene files"), scalar size 8
   * (this Scene holds doubles): shapes, ids (later adds return the ids they would have), z-orders,
   * filters, groups, simple polygons and options. userData lives in JavaScript and is not saved.
   */
  save(): Uint8Array;
  /** Frees the scene's wasm memory; any later call throws a TypeError. */
  dispose(): void;
}

export interface Collide2d {
  readonly version: string;
  /** Which SIMD code the batch kernels run for doubles (Highway's target name, e.g. "EMU128"). */
  readonly simdTarget: string;
  /** The wasm linear memory's current size in bytes (it grows, never shrinks). */
  heapBytes(): number;

  point(x: number, y: number): PointShape;
  segment(ax: number, ay: number, bx: number, by: number): SegmentShape;
  circle(x: number, y: number, radius: number): CircleShape;
  capsule(ax: number, ay: number, bx: number, by: number, radius: number): CapsuleShape;
  aabb(minX: number, minY: number, maxX: number, maxY: number): AabbShape;
  /** The DOM getBoundingClientRect form: left, top, width, height (y as given). */
  rect(x: number, y: number, width: number, height: number): AabbShape;
  obb(x: number, y: number, width: number, height: number, angle?: number): ObbShape;
  /** An Obb from an exact rotation (cos, sin) of unit length. */
  obbFromRotation(x: number, y: number, width: number, height: number, cos: number, sin: number): ObbShape;
  /** A rotated box as a detection library writes it (cx, cy, w, h, angle), in the convention named. */
  obbFrom(cx: number, cy: number, width: number, height: number, angle: number, convention: BoxConvention): ObbShape;
  /** A rectangle from its 4 corners in order around it (either winding); width from corner 1 to 2. */
  obbFromQuad(xy: ArrayLike<number> | ArrayLike<Vec2> | ArrayLike<readonly [number, number]>, frame: "y_up" | "y_down"): ObbShape;
  /** Any strictly convex quadrilateral (either winding), as a counter-clockwise polygon. */
  polygonFromQuad(xy: ArrayLike<number> | ArrayLike<Vec2> | ArrayLike<readonly [number, number]>, frame: "y_up" | "y_down"): PolygonShape;
  /** A convex polygon from its vertices, counter-clockwise: [{x, y}...], [[x, y]...] or flat x, y numbers. */
  polygon(points: ArrayLike<number> | ArrayLike<Vec2> | ArrayLike<readonly [number, number]>): PolygonShape;
  /**
   * The points within radius (finite, >= 0) of the convex polygon with these vertices, given as
   * polygon() takes them.
   */
  roundedPolygon(points: ArrayLike<number> | ArrayLike<Vec2> | ArrayLike<readonly [number, number]>, radius: number): RoundedPolygonShape;
  /**
   * The box of obb(x, y, width, height, angle) grown by radius: width + 2 radius wide in all.
   * Box2D's b2MakeRoundedBox(hx, hy, radius) is roundedBox(0, 0, 2 * hx, 2 * hy, 0, radius).
   */
  roundedBox(x: number, y: number, width: number, height: number, angle: number, radius: number): RoundedPolygonShape;
  /** The same with an exact rotation (cos, sin) of unit length, e.g. 0, 1 for a quarter turn. */
  roundedBoxFromRotation(x: number, y: number, width: number, height: number, cos: number, sin: number, radius: number): RoundedPolygonShape;
  /** The convex hull of any points (at most 8 hull vertices). */
  convexHull(points: ArrayLike<number> | ArrayLike<Vec2> | ArrayLike<readonly [number, number]>): PolygonShape;
  /** A lasso for Scene.select, from 3 or more points in the forms polygon() takes; a RangeError for fewer or a non-finite one. */
  lasso(points: ArrayLike<number> | ArrayLike<Vec2> | ArrayLike<readonly [number, number]>): Lasso;
  /**
   * A simple polygon of 3 or more vertices, concave allowed, either winding, points as polygon()
   * takes them. A RangeError with the library's reason, naming the vertices, for an outline whose
   * edges cross or touch, a repeated vertex, all vertices on a line, fewer than 3 or a non-finite
   * coordinate; a TypeError for values that are not points.
   */
  simplePolygon(points: Points): SimplePolygon;
  ray(ox: number, oy: number, dx: number, dy: number, maxT?: number): Ray;

  overlaps(a: AnyShape, b: AnyShape): boolean;
  /** The first span of the ray in the shape (for a simple polygon, where it first enters and leaves). */
  raycast(ray: Ray, shape: AnyShape): RayHit | null;
  /**
   * Every span of the ray in the shape, in order along it: a concave simple polygon may be entered
   * and left several times (a span of zero length is a vertex the ray grazes); any other shape is
   * convex: raycast's one span, or [] on a miss.
   */
  raycastSpans(ray: Ray, shape: AnyShape): RayHit[];
  /**
   * The contact manifold. With options.prediction > 0 (Box2D's speculative distance), points whose
   * surfaces are up to that far apart are reported too, with a negative depth (-gap).
   */
  collide(a: Shape, b: Shape, options?: CollideOptions): Manifold;
  penetration(a: Shape, b: Shape): Penetration | null;
  distance(a: AnyShape, b: AnyShape): DistanceResult;
  /** b wholly inside a, boundary included. */
  contains(a: AnyShape, b: AnyShape): boolean;
  /** b inside a's interior: b does not even touch a's boundary (false when a has no interior). */
  containsStrictly(a: AnyShape, b: AnyShape): boolean;
  intersectionArea(a: AreaShape | SimplePolygon, b: AreaShape | SimplePolygon): number;
  iou(a: AreaShape | SimplePolygon, b: AreaShape | SimplePolygon): number;
  shapeCast(a: Shape, motionA: Vec2, b: Shape, motionB: Vec2, options?: CastOptions): CastHit | null;
  /**
   * Mass, centre of mass and polar moment of inertia about the centre of mass, for a uniform
   * density (mass per unit area, finite and >= 0, else a RangeError; default 1). Points and
   * segments have mass 0 at their point or midpoint. Box2D's b2MassData.I is about the shape's
   * origin instead: add mass * |centroid - origin|^2.
   */
  massProperties(shape: AnyShape, density?: number): MassProperties;
  /**
   * The vertices of a ∩ b, counter-clockwise: [] apart, one point where they touch at a corner, two
   * for a shared edge, 3 to 16 for a polygon with area (whose area is intersectionArea). The same
   * vertices for both argument orders; exact for integer boxes with quarter turns.
   */
  intersection(a: IntersectionShape, b: IntersectionShape): Vec2[];
  /** The axis-aligned bounding box of a shape. */
  boundingBox(shape: AnyShape): AabbShape;

  /** One shape (obb, aabb or circle) against many boxes given as (cx, cy, w, h, angle) rows. */
  overlapsMany(shape: ObbShape | AabbShape | CircleShape, rows: Float64Array | Float32Array): Uint8Array;
  /**
   * Boxes, rows of (cx, cy, w, h, angle), prepared once in wasm memory for many one-against-many
   * overlap tests (the SIMD batch kernels). Free with dispose().
   */
  boxBatch(rows: Float64Array | Float32Array): BoxBatch;
  /** IoU of every box of a against every box of b, rows of (cx, cy, w, h, angle): a.length/5 x b.length/5, row-major. */
  iouMatrix(a: Float64Array | Float32Array, b: Float64Array | Float32Array): Float64Array;
  /**
   * Generalised IoU of every box of a against every box of b (iou - (hull - union) / hull, the
   * convex hull of both: Rezatofighi et al. 2019), in [-1, 1]; rows as iouMatrix (y up, angles
   * counter-clockwise in radians).
   */
  giouMatrix(a: Float64Array | Float32Array, b: Float64Array | Float32Array): Float64Array;
  /** Distance IoU (iou - d^2 / c^2, c the enclosing axis-aligned box's diagonal: Zheng et al. 2020). */
  diouMatrix(a: Float64Array | Float32Array, b: Float64Array | Float32Array): Float64Array;
  /** Complete IoU (diou minus the aspect-ratio term alpha v), in [-2, 1]. */
  ciouMatrix(a: Float64Array | Float32Array, b: Float64Array | Float32Array): Float64Array;

  Scene: SceneConstructor;
}

export interface SceneConstructor {
  new <UserData = unknown>(options?: SceneOptions): Scene<UserData>;
  /**
   * A new scene from save()'s bytes (or a C++ Scene<double>'s save()): load(b).save() equals b
   * byte for byte, and it answers every query as the saved scene did. A truncated, corrupted or
   * hostile file throws a RangeError with the library's message (naming the byte and the field),
   * and builds nothing; a value that is not a Uint8Array or ArrayBuffer throws a TypeError.
   */
  load<UserData = unknown>(bytes: Uint8Array | ArrayBuffer): Scene<UserData>;
}

/** Boxes prepared for one-against-many overlap tests: `c2d.boxBatch(rows)`. */
export interface BoxBatch {
  /** Number of boxes. */
  readonly size: number;
  /** One 0/1 byte per box: 1 where the box overlaps `shape` (touching counts). */
  overlaps(shape: ObbShape | AabbShape | CircleShape): Uint8Array;
  /** Frees the batch's wasm memory; a later overlaps() throws a TypeError. */
  dispose(): void;
}

export interface LoadOptions {
  /** The wasm bytes, when the default loader cannot find them. */
  wasmBinary?: ArrayBuffer | Uint8Array;
}

/** Loads the WebAssembly module (once; later calls return the same instance). */
export declare function loadCollide2d(options?: LoadOptions): Promise<Collide2d>;
export default loadCollide2d;
