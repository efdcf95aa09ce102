// collide2d for JavaScript: the WebAssembly module (dist/, built by `cmake --workflow --preset
// wasm`) behind an idiomatic API. The types and the contract are in collide2d.d.ts.
//
// How a call crosses: shapes keep a small record of doubles (src/records.hpp gives the layout),
// made once by the C++ builders when the shape is constructed. A query copies the records into a
// fixed block of the module's memory ("io") and calls one exported function with plain numbers;
// results come back in the same block. No object marshalling, one crossing per query or per
// batch. Errors come back as a status and a message, thrown here as TypeError (wrong kind of
// value) or RangeError (a value out of range, named in the message), never as a wasm trap.
import createCollide2dModule from "./dist/collide2d-wasm.mjs";

// Shapes and rays are frozen objects of small classes that hold their record (src/records.hpp) in
// a private field: only objects made here have one, so a hand-made object or a spread copy
// ({...shape, x: 5}) is refused rather than answered with another shape's numbers, and a ray is
// never read as a shape. (A private field and a frozen instance cost a quarter of a plain object
// given a hidden symbol property by defineProperty.)
class ShapeValue {
  #record;
  constructor(kind, record) {
    this.#record = record;
    this.kind = kind;
  }
  static recordOf(value) {
    return value !== null && typeof value === "object" && #record in value ? value.#record : undefined;
  }
}
class PointShape extends ShapeValue {
  constructor(r) {
    super("point", r);
    this.x = r[1];
    this.y = r[2];
    Object.freeze(this);
  }
}
class SegmentShape extends ShapeValue {
  constructor(r) {
    super("segment", r);
    this.ax = r[1];
    this.ay = r[2];
    this.bx = r[3];
    this.by = r[4];
    Object.freeze(this);
  }
}
class CircleShape extends ShapeValue {
  constructor(r) {
    super("circle", r);
    this.x = r[1];
    this.y = r[2];
    this.radius = r[3];
    Object.freeze(this);
  }
}
class CapsuleShape extends ShapeValue {
  constructor(r) {
    super("capsule", r);
    this.ax = r[1];
    this.ay = r[2];
    this.bx = r[3];
    this.by = r[4];
    this.radius = r[5];
    Object.freeze(this);
  }
}
class AabbShape extends ShapeValue {
  constructor(r) {
    super("aabb", r);
    this.minX = r[1];
    this.minY = r[2];
    this.maxX = r[3];
    this.maxY = r[4];
    Object.freeze(this);
  }
}
class ObbShape extends ShapeValue {
  constructor(r, angle) {
    super("obb", r);
    this.x = r[1];
    this.y = r[2];
    this.width = 2 * r[3]; // exact: the record holds half extents
    this.height = 2 * r[4];
    this.angle = angle;
    this.cos = r[5];
    this.sin = r[6];
    Object.freeze(this);
  }
}
// A polygon's vertices and normals from its record (a rounded polygon's core has the same slots).
function setPolygonFields(shape, r) {
  const count = r[1];
  shape.vertices = r.slice(2, 2 + 2 * count);
  shape.normals = r.slice(2 + 2 * MAX_POLYGON_VERTICES, 2 + 2 * MAX_POLYGON_VERTICES + 2 * count);
}
class PolygonShape extends ShapeValue {
  constructor(r) {
    super("polygon", r);
    setPolygonFields(this, r);
    Object.freeze(this);
  }
}
// A convex polygon grown by a radius (the Minkowski sum with a disc): the record is the core's
// polygon record with the radius after it (src/records.hpp).
class RoundedPolygonShape extends ShapeValue {
  constructor(r) {
    super("rounded_polygon", r);
    setPolygonFields(this, r);
    this.radius = r[ROUNDED_RADIUS_SLOT];
    Object.freeze(this);
  }
}
class Ray {
  #record;
  constructor(ox, oy, dx, dy, maxT) {
    this.#record = new Float64Array([ox, oy, dx, dy, maxT]);
    this.kind = "ray";
    this.ox = ox;
    this.oy = oy;
    this.dx = dx;
    this.dy = dy;
    this.maxT = maxT;
    Object.freeze(this);
  }
  static recordOf(value) {
    return value !== null && typeof value === "object" && #record in value ? value.#record : undefined;
  }
}
// A lasso (c2d.lasso): a closed path of any length, the region of Scene.select by the nonzero
// winding rule. It keeps its points (checked when made) and is built in wasm for each selection.
class Lasso {
  #points;
  constructor(flat) {
    this.#points = flat;
    this.kind = "lasso";
    this.points = flat.slice();
    Object.freeze(this);
  }
  static pointsOf(value) {
    return value !== null && typeof value === "object" && #points in value ? value.#points : undefined;
  }
}
const SHAPE_CLASSES = [
  PointShape, SegmentShape, CircleShape, CapsuleShape, AabbShape, ObbShape, PolygonShape, RoundedPolygonShape,
];
const recordOf = ShapeValue.recordOf;

const RECORD_DOUBLES = 40; // src/records.hpp
const IO_A = 0;
const IO_B = RECORD_DOUBLES;
const IO_RAY = 2 * RECORD_DOUBLES;
const IO_RESULT = 2 * RECORD_DOUBLES + 8;
const KIND_CODES = { point: 0, segment: 1, circle: 2, capsule: 3, aabb: 4, obb: 5, polygon: 6, rounded_polygon: 7 };
const KIND_NAMES = Object.keys(KIND_CODES);
const MAX_POLYGON_VERTICES = 8;
const POLYGON_RECORD = 2 + 4 * MAX_POLYGON_VERTICES; // kind, count, vertices, normals
const ROUNDED_RADIUS_SLOT = POLYGON_RECORD; // src/records.hpp: the radius follows the core
const INDEX_CHOICES = { automatic: 0, packed: 1, dynamic: 2, grid: 3 };
const HIT_DOUBLES = 11; // src/scene_exports.cpp
const RAY_HIT_DOUBLES = 10; // src/polygon_exports.cpp

const isNode =
  typeof process === "object" && typeof process.versions === "object" && !!process.versions.node;

let loading = null;

/** Loads the WebAssembly module once; later calls return the same promise. */
export function loadCollide2d(options = {}) {
  if (loading === null) {
    loading = instantiate(options).catch((error) => {
      loading = null; // a failed load may be retried (with other options)
      throw error;
    });
  }
  return loading;
}
export default loadCollide2d;

async function instantiate(options) {
  const moduleOptions = {};
  if (options.wasmBinary !== undefined) {
    moduleOptions.wasmBinary = options.wasmBinary;
  } else if (isNode) {
    // emscripten's web loader would fetch() a file path, which node refuses: read it here.
    const { readFile } = await import("node:fs/promises");
    moduleOptions.wasmBinary = await readFile(new URL("./dist/collide2d-wasm.wasm", import.meta.url));
  }
  const module = await createCollide2dModule(moduleOptions);
  return makeApi(module);
}

// The raw wasm export behind emscripten's lazy wrapper Module._name (the wrapper replaces itself
// with it on the first call; taking it now saves a call through apply() on the first use).
function rawExport(module, name) {
  const wrapper = module[`_${name}`];
  if (typeof wrapper !== "function") throw new Error(`collide2d: the wasm module lacks ${name}`);
  const minified = /Module\["asm"\]\["([^"]+)"\]/.exec(String(wrapper));
  const raw = minified && module.asm && module.asm[minified[1]];
  return typeof raw === "function" ? raw : wrapper;
}

function describe(value) {
  if (typeof value === "string") return JSON.stringify(value);
  if (typeof value === "bigint") return `${value}n`;
  if (value === null || typeof value !== "object") return String(value);
  if (Array.isArray(value)) return "an array";
  const name = value.constructor && value.constructor.name;
  if (!name || name === "Object") return "an object";
  return /^[AEIOU]/.test(name) ? `an ${name}` : `a ${name}`;
}

function makeApi(module) {
  // Each export as a local constant: a property load from an object built key by key (held as a
  // dictionary by the engine) would cost as much as a small query.
  const c2d_io = rawExport(module, "c2d_io");
  const c2d_error_message = rawExport(module, "c2d_error_message");
  const c2d_id_result = rawExport(module, "c2d_id_result");
  const c2d_double_result = rawExport(module, "c2d_double_result");
  const c2d_alloc = rawExport(module, "c2d_alloc");
  const c2d_free = rawExport(module, "c2d_free");
  const c2d_make_point = rawExport(module, "c2d_make_point");
  const c2d_make_segment = rawExport(module, "c2d_make_segment");
  const c2d_make_circle = rawExport(module, "c2d_make_circle");
  const c2d_make_capsule = rawExport(module, "c2d_make_capsule");
  const c2d_make_aabb = rawExport(module, "c2d_make_aabb");
  const c2d_make_rect = rawExport(module, "c2d_make_rect");
  const c2d_make_obb = rawExport(module, "c2d_make_obb");
  const c2d_make_obb_rotation = rawExport(module, "c2d_make_obb_rotation");
  const c2d_make_obb_from = rawExport(module, "c2d_make_obb_from");
  const c2d_make_obb_from_quad = rawExport(module, "c2d_make_obb_from_quad");
  const c2d_make_polygon_from_quad = rawExport(module, "c2d_make_polygon_from_quad");
  const c2d_make_polygon = rawExport(module, "c2d_make_polygon");
  const c2d_make_convex_hull = rawExport(module, "c2d_make_convex_hull");
  const c2d_make_rounded_polygon = rawExport(module, "c2d_make_rounded_polygon");
  const c2d_make_rounded_box = rawExport(module, "c2d_make_rounded_box");
  const c2d_make_rounded_box_rotation = rawExport(module, "c2d_make_rounded_box_rotation");
  const c2d_make_ray = rawExport(module, "c2d_make_ray");
  const c2d_rotation_angle = rawExport(module, "c2d_rotation_angle");
  const c2d_overlaps = rawExport(module, "c2d_overlaps");
  const c2d_contains = rawExport(module, "c2d_contains");
  const c2d_raycast = rawExport(module, "c2d_raycast");
  const c2d_collide = rawExport(module, "c2d_collide");
  const c2d_overlaps_obb_obb = rawExport(module, "c2d_overlaps_obb_obb");
  const c2d_overlaps_circle_obb = rawExport(module, "c2d_overlaps_circle_obb");
  const c2d_penetration = rawExport(module, "c2d_penetration");
  const c2d_distance = rawExport(module, "c2d_distance");
  const c2d_intersection_area = rawExport(module, "c2d_intersection_area");
  const c2d_iou = rawExport(module, "c2d_iou");
  const c2d_mass_properties = rawExport(module, "c2d_mass_properties");
  const c2d_intersection = rawExport(module, "c2d_intersection");
  const c2d_shape_cast = rawExport(module, "c2d_shape_cast");
  const c2d_bounding_box = rawExport(module, "c2d_bounding_box");
  const c2d_scene_new = rawExport(module, "c2d_scene_new");
  const c2d_scene_delete = rawExport(module, "c2d_scene_delete");
  const c2d_scene_add = rawExport(module, "c2d_scene_add");
  const c2d_scene_add_boxes = rawExport(module, "c2d_scene_add_boxes");
  const c2d_scene_move = rawExport(module, "c2d_scene_move");
  const c2d_scene_move_boxes = rawExport(module, "c2d_scene_move_boxes");
  const c2d_scene_remove = rawExport(module, "c2d_scene_remove");
  const c2d_scene_clear = rawExport(module, "c2d_scene_clear");
  const c2d_scene_has = rawExport(module, "c2d_scene_has");
  const c2d_scene_size = rawExport(module, "c2d_scene_size");
  const c2d_scene_shape = rawExport(module, "c2d_scene_shape");
  const c2d_group_clear = rawExport(module, "c2d_group_clear");
  const c2d_group_push = rawExport(module, "c2d_group_push");
  const c2d_scene_add_group = rawExport(module, "c2d_scene_add_group");
  const c2d_scene_is_group = rawExport(module, "c2d_scene_is_group");
  const c2d_scene_part_count = rawExport(module, "c2d_scene_part_count");
  const c2d_scene_add_polygon = rawExport(module, "c2d_scene_add_polygon");
  const c2d_scene_move_polygon = rawExport(module, "c2d_scene_move_polygon");
  const c2d_scene_is_polygon = rawExport(module, "c2d_scene_is_polygon");
  const c2d_scene_polygon = rawExport(module, "c2d_scene_polygon");
  const c2d_scene_part = rawExport(module, "c2d_scene_part");
  const c2d_scene_z = rawExport(module, "c2d_scene_z");
  const c2d_scene_set_z = rawExport(module, "c2d_scene_set_z");
  const c2d_scene_set_filter = rawExport(module, "c2d_scene_set_filter");
  const c2d_scene_select = rawExport(module, "c2d_scene_select");
  const c2d_check_lasso = rawExport(module, "c2d_check_lasso");
  const c2d_scene_select_lasso = rawExport(module, "c2d_scene_select_lasso");
  const c2d_scene_hit_test = rawExport(module, "c2d_scene_hit_test");
  const c2d_scene_raycast_closest = rawExport(module, "c2d_scene_raycast_closest");
  const c2d_scene_raycast_all = rawExport(module, "c2d_scene_raycast_all");
  const c2d_scene_overlapping_pairs = rawExport(module, "c2d_scene_overlapping_pairs");
  const c2d_scene_overlapping = rawExport(module, "c2d_scene_overlapping");
  const c2d_scene_nearest = rawExport(module, "c2d_scene_nearest");
  const c2d_scene_candidates = rawExport(module, "c2d_scene_candidates");
  const c2d_scene_update = rawExport(module, "c2d_scene_update");
  const c2d_scene_stats = rawExport(module, "c2d_scene_stats");
  const c2d_scene_index_boxes = rawExport(module, "c2d_scene_index_boxes");
  const c2d_box_batch_new = rawExport(module, "c2d_box_batch_new");
  const c2d_box_batch_delete = rawExport(module, "c2d_box_batch_delete");
  const c2d_box_batch_overlaps = rawExport(module, "c2d_box_batch_overlaps");
  const c2d_box_measure_matrix = rawExport(module, "c2d_box_measure_matrix");
  const c2d_simd_target = rawExport(module, "c2d_simd_target");
  const c2d_version = rawExport(module, "c2d_version");
  const c2d_contains_strictly = rawExport(module, "c2d_contains_strictly");
  const c2d_byte_result = rawExport(module, "c2d_byte_result");
  const c2d_release_byte_result = rawExport(module, "c2d_release_byte_result");
  const c2d_scene_save = rawExport(module, "c2d_scene_save");
  const c2d_scene_load = rawExport(module, "c2d_scene_load");
  const c2d_simple_polygon_new = rawExport(module, "c2d_simple_polygon_new");
  const c2d_simple_polygon_delete = rawExport(module, "c2d_simple_polygon_delete");
  const c2d_simple_polygon_overlaps = rawExport(module, "c2d_simple_polygon_overlaps");
  const c2d_simple_polygon_contains = rawExport(module, "c2d_simple_polygon_contains");
  const c2d_simple_polygon_contains_strictly = rawExport(module, "c2d_simple_polygon_contains_strictly");
  const c2d_simple_polygon_distance = rawExport(module, "c2d_simple_polygon_distance");
  const c2d_simple_polygon_intersection_area = rawExport(module, "c2d_simple_polygon_intersection_area");
  const c2d_simple_polygon_iou = rawExport(module, "c2d_simple_polygon_iou");
  const c2d_simple_polygon_raycast = rawExport(module, "c2d_simple_polygon_raycast");
  const c2d_simple_polygon_raycast_spans = rawExport(module, "c2d_simple_polygon_raycast_spans");
  const c2d_simple_polygon_mass_properties = rawExport(module, "c2d_simple_polygon_mass_properties");

  // The hottest exports as local constants: a property load from `w` (built key by key, so held
  // as a dictionary by the engine) costs as much as the call.
  const overlapsObbObb = c2d_overlaps_obb_obb;
  const overlapsCircleObb = c2d_overlaps_circle_obb;
  const overlapsRecords = c2d_overlaps;

  const ioBase = c2d_io() >>> 3; // index of the io block in HEAPF64
  const decoder = new TextDecoder();
  // emscripten replaces module.HEAP* when the memory grows; the old views are then detached
  // (length 0), which is checked before each use of the cached one.
  let heapF64 = module.HEAPF64;
  const f64 = () => (heapF64.length !== 0 ? heapF64 : (heapF64 = module.HEAPF64));

  function cString(pointer) {
    const bytes = module.HEAPU8;
    let end = pointer;
    while (bytes[end] !== 0) ++end;
    return decoder.decode(bytes.subarray(pointer, end));
  }
  function fail(what) {
    throw new RangeError(`collide2d.${what}: ${cString(c2d_error_message())}`);
  }
  function number(value, name, what) {
    if (typeof value !== "number") {
      throw new TypeError(`collide2d.${what}: ${name} must be a number, got ${describe(value)}`);
    }
    return value;
  }
  function finite(value, name, what) {
    number(value, name, what);
    if (!Number.isFinite(value)) throw new RangeError(`collide2d.${what}: ${name} is ${value}, must be finite`);
    return value;
  }
  function uint32(value, name, what) {
    number(value, name, what);
    if (!Number.isInteger(value) || value < 0 || value > 0xffffffff) {
      throw new RangeError(`collide2d.${what}: ${name} is ${value}, must be an integer from 0 to 2^32 - 1`);
    }
    return value;
  }
  function record(shape, what, argument) {
    const r = recordOf(shape);
    if (r === undefined) {
      if (Ray.recordOf(shape) !== undefined) {
        throw new TypeError(`collide2d.${what}: ${argument} is a ray, not a shape (a ray is the query of raycast)`);
      }
      if (SimplePolygon.is(shape)) {
        throw new TypeError(
          `collide2d.${what}: ${argument} is a simple polygon, which ${what} does not take (collide2d ` +
            `has no ${what} for simple polygons); ${SIMPLE_POLYGON_INSTEAD[what] ?? SIMPLE_POLYGON_PIECES}`);
      }
      throw new TypeError(
        `collide2d.${what}: ${argument} is ${describe(shape)}, not a collide2d shape: make it ` +
          `with c2d.obb(), c2d.circle(), c2d.polygon()...`);
    }
    return r;
  }
  function put(shape, at, what, argument) {
    const r = record(shape, what, argument);
    const heap = f64();
    const base = ioBase + at;
    for (let i = 0; i < r.length; ++i) heap[base + i] = r[i];
    return r;
  }
  // What to use where the library has no overload for a simple polygon (polygon.hpp: no contacts,
  // time of impact or exact intersection region yet; a Scene group holds shapes only).
  const SIMPLE_POLYGON_PIECES = "use its convex pieces (c2d.polygon, up to 8 vertices each)";
  const SIMPLE_POLYGON_GROUP = "a group's parts are shapes: add the simple polygon as its own id with scene.add(polygon)";
  const SIMPLE_POLYGON_LASSO = "select with c2d.lasso(polygon.vertices), the same region";
  const SIMPLE_POLYGON_BOXES = "test each box with c2d.overlaps(polygon, c2d.obb(...))";
  const SIMPLE_POLYGON_INSTEAD = {
    collide: "overlaps and distance take it; for contacts, collide its convex pieces (c2d.polygon)",
    penetration: "overlaps and distance take it; for a depth, use its convex pieces (c2d.polygon)",
    shapeCast: "cast its convex pieces (c2d.polygon), or test overlaps at the end position",
    intersection: "intersectionArea takes it (the area of a ∩ b); for the region, intersect its convex pieces",
    "Scene.addGroup": SIMPLE_POLYGON_GROUP,
    "Scene.select": SIMPLE_POLYGON_LASSO,
    "Scene.overlapping": SIMPLE_POLYGON_LASSO,
    "Scene.candidates": "pass its boundingBox",
    overlapsMany: SIMPLE_POLYGON_BOXES,
    "BoxBatch.overlaps": SIMPLE_POLYGON_BOXES,
  };
  // A pair query with a simple polygon on either side or both: query(p, q, pFirst), q the other
  // polygon or 0 with the other shape's record in io_shape_b.
  function polygonPair(query, a, b, what) {
    const pa = SimplePolygon.pointerOf(a, what, "a");
    const pb = SimplePolygon.pointerOf(b, what, "b");
    if (pa !== undefined && pb !== undefined) return query(pa, pb, 1);
    if (pa !== undefined) {
      put(b, IO_B, what, "b");
      return query(pa, 0, 1);
    }
    put(a, IO_B, what, "a");
    return query(pb, 0, 0);
  }
  const hasSimplePolygon = (a, b) => SimplePolygon.is(a) || SimplePolygon.is(b);

  function putRay(ray, what) {
    const r = Ray.recordOf(ray);
    if (r === undefined) {
      throw new TypeError(`collide2d.${what}: ray is ${describe(ray)}, not a ray from c2d.ray()`);
    }
    const heap = f64();
    for (let i = 0; i < 5; ++i) heap[ioBase + IO_RAY + i] = r[i];
  }
  const result = (k) => f64()[ioBase + IO_RESULT + k];
  const vec = (x, y) => ({ x, y });

  // A shape object from the record at io_result (what C++ built or stored).
  function shapeFromResult() {
    const heap = f64();
    const base = ioBase + IO_RESULT;
    const code = heap[base];
    const length = code === KIND_CODES.polygon ? POLYGON_RECORD
      : code === KIND_CODES.rounded_polygon ? ROUNDED_RADIUS_SLOT + 1
      : 1 + [2, 4, 3, 5, 4, 6][code];
    return shapeFromRecord(heap.slice(base, base + length));
  }
  function shapeFromRecord(r, angle) {
    if (r[0] === KIND_CODES.obb) {
      return new ObbShape(r, angle !== undefined ? angle : c2d_rotation_angle(r[5], r[6]));
    }
    return new SHAPE_CLASSES[r[0]](r);
  }
  function built(status, what) {
    if (status < 0) fail(what);
    return shapeFromResult();
  }

  // Points in any of the forms users arrive with, as a flat Float64Array.
  function flatPoints(points, what) {
    let flat;
    if (points instanceof Float64Array || points instanceof Float32Array) {
      if (points.length % 2 !== 0) {
        throw new RangeError(`collide2d.${what}: a flat point array has an even length, got ${points.length}`);
      }
      flat = Float64Array.from(points);
    } else if (points !== null && typeof points === "object" && typeof points.length === "number") {
      const n = points.length;
      if (n > 0 && typeof points[0] === "number") {
        if (n % 2 !== 0) throw new RangeError(`collide2d.${what}: a flat point array has an even length, got ${n}`);
        flat = new Float64Array(n);
        for (let i = 0; i < n; ++i) flat[i] = number(points[i], `points[${i}]`, what);
      } else {
        flat = new Float64Array(2 * n);
        for (let i = 0; i < n; ++i) {
          const p = points[i];
          if (Array.isArray(p) && p.length === 2) {
            flat[2 * i] = number(p[0], `points[${i}][0]`, what);
            flat[2 * i + 1] = number(p[1], `points[${i}][1]`, what);
          } else if (p !== null && typeof p === "object" && "x" in p && "y" in p) {
            flat[2 * i] = number(p.x, `points[${i}].x`, what);
            flat[2 * i + 1] = number(p.y, `points[${i}].y`, what);
          } else {
            throw new TypeError(`collide2d.${what}: points[${i}] is ${describe(p)}, expected {x, y} or [x, y]`);
          }
        }
      }
    } else {
      throw new TypeError(`collide2d.${what}: points is ${describe(points)}, expected an array of points`);
    }
    return flat;
  }
  // The same in wasm memory, for one call.
  function withPoints(points, what, f) {
    const flat = flatPoints(points, what);
    return withCopy(flat, (pointer) => f(pointer, flat.length / 2));
  }

  // Copies a typed array into wasm memory for one call, then frees it.
  function withCopy(array, f) {
    const bytes = array.byteLength;
    const pointer = c2d_alloc(Math.max(bytes, 8));
    if (pointer === 0) throw new RangeError("collide2d: out of memory (the WebAssembly heap could not grow)");
    try {
      if (array instanceof Float64Array) module.HEAPF64.set(array, pointer >>> 3);
      else if (array instanceof Float32Array) module.HEAPF32.set(array, pointer >>> 2);
      else if (array instanceof Uint8Array) module.HEAPU8.set(array, pointer >>> 0);
      else if (array instanceof Uint32Array) module.HEAPU32.set(array, pointer >>> 2);
      return f(pointer);
    } finally {
      c2d_free(pointer);
    }
  }
  function boxRows(rows, what, name) {
    if (!(rows instanceof Float64Array || rows instanceof Float32Array)) {
      throw new TypeError(
        `collide2d.${what}: ${name} is ${describe(rows)}, expected a Float64Array or Float32Array of (cx, cy, w, h, angle) rows`);
    }
    if (rows.length % 5 !== 0) {
      throw new RangeError(`collide2d.${what}: ${name} has length ${rows.length}, not a multiple of 5 (cx, cy, w, h, angle rows)`);
    }
    return rows;
  }
  // Every box of a against every box of b, a.length/5 x b.length/5 row-major: measure 0 iou,
  // 1 giou, 2 diou, 3 ciou.
  function measureMatrix(a, b, what, measure) {
    boxRows(a, what, "a");
    boxRows(b, what, "b");
    const isFloat = a instanceof Float32Array && b instanceof Float32Array;
    const rowsA = isFloat || a instanceof Float64Array ? a : Float64Array.from(a);
    const rowsB = isFloat || b instanceof Float64Array ? b : Float64Array.from(b);
    const countA = a.length / 5;
    const countB = b.length / 5;
    const cells = countA * countB;
    const out = c2d_alloc(Math.max(8 * cells, 8));
    if (out === 0) throw new RangeError(`collide2d.${what}: out of memory for a ${countA} x ${countB} matrix`);
    try {
      const status = withCopy(rowsA, (pa) => withCopy(rowsB, (pb) =>
        c2d_box_measure_matrix(pa, countA, pb, countB, isFloat ? 1 : 0, measure, out)));
      if (status < 0) fail(what);
      return module.HEAPF64.slice(out >>> 3, (out >>> 3) + cells);
    } finally {
      c2d_free(out);
    }
  }
  // No answer is one shared empty array: V8 takes about 200 ns to make a zero-length typed array,
  // more than the query itself.
  const NO_IDS = Object.freeze(new Uint32Array(0));
  function copyIds(count) {
    if (count === 0) return NO_IDS;
    const start = c2d_id_result() >>> 2;
    return module.HEAPU32.slice(start, start + count);
  }

  function rayHit(heap, k) {
    return {
      tEnter: heap[k], tExit: heap[k + 1],
      enter: vec(heap[k + 2], heap[k + 3]), exit: vec(heap[k + 4], heap[k + 5]),
      normal: vec(heap[k + 6], heap[k + 7]),
      startedInside: heap[k + 8] !== 0, endedInside: heap[k + 9] !== 0,
    };
  }
  function sceneHit(heap, k) {
    const hit = rayHit(heap, k + 1);
    return { id: heap[k], ...hit };
  }

  // A query's options as [flags, categories, mask]: excludeTouching must be a boolean (a string
  // "false" is truthy), and a misspelt key is an error. extraKeys: the call's own options, which
  // it reads itself (nearest's maxDistance).
  function optionArgs(value, what, extraKeys = {}) {
    if (value === null) value = undefined;
    const o = options(value, { excludeTouching: flag, categories: uint32, mask: uint32, ...extraKeys }, what);
    return [o.excludeTouching ? 1 : 0, o.categories ?? 0xffffffff, o.mask ?? 0xffffffff];
  }
  function motion(v, name, what) {
    if (v === null || typeof v !== "object") throw new TypeError(`collide2d.${what}: ${name} is ${describe(v)}, expected {x, y}`);
    return [finite(v.x, `${name}.x`, what), finite(v.y, `${name}.y`, what)];
  }
  // An options object: only the named keys (a misspelt one is an error, not a silent default),
  // each checked by its own function; absent keys keep their defaults.
  function options(value, keys, what) {
    if (value === undefined) return {};
    if (value === null || typeof value !== "object") {
      throw new TypeError(`collide2d.${what}: options is ${describe(value)}, expected an object with ${Object.keys(keys).join(", ")}`);
    }
    for (const key of Object.keys(value)) {
      if (!(key in keys)) throw new TypeError(`collide2d.${what}: unknown option ${key}; the options are ${Object.keys(keys).join(", ")}`);
    }
    const out = {};
    for (const [key, check] of Object.entries(keys)) {
      if (value[key] !== undefined) out[key] = check(value[key], `options.${key}`, what);
    }
    return out;
  }
  // Box conventions (box_formats.hpp): a preset's name, or {degrees, frame, winding}; as
  // [degrees, y_down, cw] flags for the module. A preset with any of the three is refused (one of
  // them would silently lose), and so is a missing convention: the numbers alone do not say which
  // box they mean.
  const PRESETS = { collide2d: [0, 0, 0], opencv: [1, 1, 1], detectron2: [1, 1, 0], mmcv: [0, 1, 1] };
  function oneOf(allowed) {
    const list = allowed.map((a) => `"${a}"`).join(", ");
    return (value, name, what) => {
      if (typeof value !== "string") throw new TypeError(`collide2d.${what}: ${name} is ${describe(value)}, expected one of ${list}`);
      if (!allowed.includes(value)) throw new RangeError(`collide2d.${what}: ${name} is "${value}", expected one of ${list}`);
      return value;
    };
  }
  const presetName = oneOf(Object.keys(PRESETS));
  const frameName = oneOf(["y_up", "y_down"]);
  const windingName = oneOf(["ccw", "cw"]);
  function boxConvention(value, what) {
    if (value === undefined) {
      throw new TypeError(`collide2d.${what}: name the convention: "collide2d", "opencv", "detectron2", "mmcv", or {degrees, frame, winding}`);
    }
    if (typeof value === "string") return PRESETS[presetName(value, "convention", what)];
    const o = options(value, { convention: presetName, degrees: flag, frame: frameName, winding: windingName }, what);
    if (o.convention !== undefined) {
      if (o.degrees !== undefined || o.frame !== undefined || o.winding !== undefined) {
        throw new TypeError(`collide2d.${what}: convention "${o.convention}" sets degrees, frame and winding: do not pass them too`);
      }
      return PRESETS[o.convention];
    }
    return [o.degrees ? 1 : 0, o.frame === "y_down" ? 1 : 0, o.winding === "cw" ? 1 : 0];
  }
  // The 8 numbers of a quadrilateral, in any form flatPoints takes (4 points, or 8 numbers).
  function withQuad(xy, frame, what, f) {
    const flat = flatPoints(xy, what);
    if (flat.length !== 8) throw new RangeError(`collide2d.${what}: a quadrilateral has 4 corners (8 numbers), got ${flat.length / 2}`);
    if (frame === undefined) throw new TypeError(`collide2d.${what}: name the frame of the corners: "y_up" or "y_down"`);
    const yDown = frameName(frame, "frame", what) === "y_down" ? 1 : 0;
    return withCopy(flat, (pointer) => f(pointer, yDown));
  }
  function maxDistance(value, name, what) {
    if (!(number(value, name, what) >= 0)) throw new RangeError(`collide2d.${what}: ${name} is ${value}, must be >= 0 (Infinity for no limit)`);
    return value;
  }
  function maxTime(value, name, what) {
    if (!(number(value, name, what) >= 0)) throw new RangeError(`collide2d.${what}: ${name} is ${value}, must be >= 0 (Infinity for an unbounded cast)`);
    return value;
  }
  function flag(value, name, what) {
    if (typeof value !== "boolean") throw new TypeError(`collide2d.${what}: ${name} is ${describe(value)}, expected true or false`);
    return value;
  }
  function prediction(value, name, what) {
    if (!(finite(number(value, name, what), name, what) >= 0)) throw new RangeError(`collide2d.${what}: ${name} is ${value}, must be >= 0`);
    return value;
  }
  const AREA_KINDS = new Set(["circle", "capsule", "aabb", "obb", "polygon", "rounded_polygon"]);
  function areaKinds(a, b, what) {
    for (const [s, name] of [[a, "a"], [b, "b"]]) {
      if (SimplePolygon.is(s)) continue;
      record(s, what, name);
      if (!AREA_KINDS.has(s.kind)) {
        throw new TypeError(
          `collide2d.${what}: ${name} is a ${s.kind}; ${what} takes circles, capsules, aabbs, obbs, ` +
            "polygons, rounded polygons and simple polygons");
      }
    }
  }
  const INTERSECTION_KINDS = new Set(["aabb", "obb", "polygon"]);
  function intersectionKinds(a, b, what) {
    record(a, what, "a");
    record(b, what, "b");
    for (const [s, name] of [[a, "a"], [b, "b"]]) {
      if (!INTERSECTION_KINDS.has(s.kind)) {
        throw new TypeError(`collide2d.${what}: ${name} is a ${s.kind}; ${what} takes aabbs, obbs and polygons`);
      }
    }
  }

  // What frees the wasm object of a Scene, BoxBatch or SimplePolygon collected without dispose()
  // (null where the engine has no FinalizationRegistry).
  function finalizer(free) {
    return typeof FinalizationRegistry === "function" ? new FinalizationRegistry(free) : null;
  }
  // dispose(): frees the owner's pointer once (and unregisters it); the owner keeps the 0 returned.
  function release(registry, owner, pointer, free) {
    if (pointer === 0) return 0;
    if (registry) registry.unregister(owner);
    free(pointer);
    return 0;
  }
  const live = finalizer((pointer) => c2d_scene_delete(pointer));

  // A scene pointer that Scene.load hands to the constructor (there is no public way to pass one:
  // a made-up pointer would corrupt the module's memory).
  let adoptedScene = 0;

  class Scene {
    #pointer;
    #userData = new Map();

    constructor(options = {}) {
      if (adoptedScene !== 0) {
        this.#pointer = adoptedScene;
        adoptedScene = 0;
        if (live) live.register(this, this.#pointer, this);
        return;
      }
      if (options === null || typeof options !== "object") {
        throw new TypeError(`collide2d.Scene: options is ${describe(options)}, expected an object`);
      }
      const index = options.index === undefined ? "automatic" : options.index;
      if (!(index in INDEX_CHOICES)) {
        throw new RangeError(`collide2d.Scene: index is ${describe(index)}, must be "automatic", "packed", "dynamic" or "grid"`);
      }
      const nodeSize = options.nodeSize === undefined ? 16 : number(options.nodeSize, "nodeSize", "Scene");
      if (!Number.isInteger(nodeSize)) throw new RangeError(`collide2d.Scene: nodeSize is ${nodeSize}, must be an integer from 2 to 256`);
      const pointer = c2d_scene_new(INDEX_CHOICES[index], Math.max(-1, Math.min(nodeSize, 1 << 20)));
      if (pointer === 0) fail("Scene");
      this.#pointer = pointer;
      if (live) live.register(this, pointer, this);
    }

    #scene(what) {
      if (this.#pointer === 0) throw new TypeError(`collide2d.Scene.${what}: this scene was disposed`);
      return this.#pointer;
    }
    #id(id, what) {
      return uint32(id, "id", `Scene.${what}`);
    }

    get size() {
      return c2d_scene_size(this.#scene("size"));
    }
    // The library's binary scene file (docs/SCENE_FORMAT.md, scalar size 8: this Scene is
    // Scene<double>). userData stays in JavaScript and is not saved.
    save() {
      const count = c2d_scene_save(this.#scene("save"));
      if (count < 0) fail("Scene.save");
      const start = c2d_byte_result() >>> 0; // a pointer past 2 GiB comes back negative
      const bytes = module.HEAPU8.slice(start, start + count);
      c2d_release_byte_result();
      return bytes;
    }
    // A new scene from save()'s bytes (a Uint8Array or an ArrayBuffer). The library checks the
    // whole file before it builds the scene, so a bad file throws and leaves nothing behind.
    static load(bytes) {
      const view = bytes instanceof ArrayBuffer ? new Uint8Array(bytes) : bytes;
      if (!(view instanceof Uint8Array)) {
        throw new TypeError(`collide2d.Scene.load: bytes is ${describe(bytes)}, expected a Uint8Array or an ArrayBuffer`);
      }
      const pointer = withCopy(view, (p) => c2d_scene_load(p, view.length));
      if (pointer === 0) fail("Scene.load");
      adoptedScene = pointer;
      return new Scene();
    }
    // A shape, or a simple polygon (c2d.simplePolygon) as one entry that every query decides as
    // the one region it is; the scene keeps its own copy, so the polygon may be disposed after.
    add(shape, userData) {
      const scene = this.#scene("add");
      const polygon = SimplePolygon.pointerOf(shape, "Scene.add", "shape");
      let id;
      if (polygon !== undefined) {
        id = c2d_scene_add_polygon(scene, polygon);
      } else {
        put(shape, IO_A, "Scene.add", "shape");
        id = c2d_scene_add(scene);
      }
      if (id < 0) fail("Scene.add");
      if (userData !== undefined) this.#userData.set(id, userData);
      else this.#userData.delete(id);
      return id;
    }
    // Several shapes as one id: every query treats it as the union of its parts.
    addGroup(parts, userData) {
      const scene = this.#scene("addGroup");
      if (!Array.isArray(parts)) throw new TypeError("collide2d.Scene.addGroup: parts must be an array of shapes");
      c2d_group_clear();
      parts.forEach((part, i) => {
        put(part, IO_A, "Scene.addGroup", `parts[${i}]`);
        if (c2d_group_push() < 0) fail("Scene.addGroup");
      });
      const id = c2d_scene_add_group(scene);
      c2d_group_clear();
      if (id < 0) fail("Scene.addGroup");
      if (userData !== undefined) this.#userData.set(id, userData);
      else this.#userData.delete(id);
      return id;
    }
    isGroup(id) {
      const answer = c2d_scene_is_group(this.#scene("isGroup"), this.#id(id, "isGroup"));
      if (answer < 0) fail("Scene.isGroup");
      return answer === 1;
    }
    isPolygon(id) {
      const answer = c2d_scene_is_polygon(this.#scene("isPolygon"), this.#id(id, "isPolygon"));
      if (answer < 0) fail("Scene.isPolygon");
      return answer === 1;
    }
    // A simple polygon entry, as a new SimplePolygon (dispose() it when done); a RangeError with
    // the library's message for any other entry.
    polygon(id) {
      const pointer = c2d_scene_polygon(this.#scene("polygon"), this.#id(id, "polygon"));
      if (pointer === 0) fail("Scene.polygon");
      return adoptSimplePolygon(pointer);
    }
    // A group's parts (a shape: itself alone; a simple polygon: a RangeError).
    parts(id) {
      const scene = this.#scene("parts");
      const count = c2d_scene_part_count(scene, this.#id(id, "parts"));
      if (count < 0) fail("Scene.parts");
      const out = [];
      for (let i = 0; i < count; ++i) out.push(built(c2d_scene_part(scene, id, i), "Scene.parts"));
      return out;
    }
    addBoxes(rows) {
      const scene = this.#scene("addBoxes");
      boxRows(rows, "Scene.addBoxes", "rows");
      const count = rows.length / 5;
      const status = withCopy(rows, (pointer) => c2d_scene_add_boxes(scene, pointer, count, rows instanceof Float32Array ? 1 : 0));
      if (status < 0) fail("Scene.addBoxes");
      const ids = copyIds(count);
      for (const id of ids) this.#userData.delete(id);
      return ids;
    }
    // The batch of move: ids[i] gets the obb of row i (rows as addBoxes reads them), in order, so
    // a repeated id keeps its last row; userData is kept. Everything is checked before anything
    // changes.
    moveBoxes(ids, rows) {
      const scene = this.#scene("moveBoxes");
      const what = "Scene.moveBoxes";
      let list = ids;
      if (Array.isArray(ids)) {
        list = new Uint32Array(ids.length);
        for (let i = 0; i < ids.length; ++i) list[i] = uint32(ids[i], `ids[${i}]`, what);
      } else if (!(ids instanceof Uint32Array)) {
        throw new TypeError(`collide2d.${what}: ids is ${describe(ids)}, expected a Uint32Array or an array of ids`);
      }
      boxRows(rows, what, "rows");
      const count = rows.length / 5;
      if (list.length !== count) {
        throw new RangeError(`collide2d.${what}: ${list.length} ids and ${count} rows (give one row for each id)`);
      }
      const isFloat = rows instanceof Float32Array ? 1 : 0;
      const status = withCopy(list, (pIds) => withCopy(rows, (pRows) => c2d_scene_move_boxes(scene, pIds, pRows, count, isFloat)));
      if (status < 0) fail(what);
    }
    // The id becomes the shape or simple polygon given (the C++ Scene::set_shape).
    move(id, shape) {
      const scene = this.#scene("move");
      this.#id(id, "move");
      const polygon = SimplePolygon.pointerOf(shape, "Scene.move", "shape");
      let status;
      if (polygon !== undefined) {
        status = c2d_scene_move_polygon(scene, id, polygon);
      } else {
        put(shape, IO_A, "Scene.move", "shape");
        status = c2d_scene_move(scene, id);
      }
      if (status < 0) fail("Scene.move");
    }
    remove(id) {
      const scene = this.#scene("remove");
      if (c2d_scene_remove(scene, this.#id(id, "remove")) < 0) fail("Scene.remove");
      this.#userData.delete(id);
    }
    clear() {
      c2d_scene_clear(this.#scene("clear"));
      this.#userData.clear();
    }
    has(id) {
      const scene = this.#scene("has");
      return Number.isInteger(id) && id >= 0 && id <= 0xffffffff && c2d_scene_has(scene, id) !== 0;
    }
    shape(id) {
      const scene = this.#scene("shape");
      return built(c2d_scene_shape(scene, this.#id(id, "shape")), "Scene.shape");
    }
    userData(id) {
      const scene = this.#scene("userData");
      if (c2d_scene_has(scene, this.#id(id, "userData")) === 0) {
        throw new RangeError(`collide2d.Scene.userData: no shape has id ${id}`);
      }
      return this.#userData.get(id);
    }
    setUserData(id, userData) {
      const scene = this.#scene("setUserData");
      if (c2d_scene_has(scene, this.#id(id, "setUserData")) === 0) {
        throw new RangeError(`collide2d.Scene.setUserData: no shape has id ${id}`);
      }
      this.#userData.set(id, userData);
    }
    z(id) {
      const scene = this.#scene("z");
      if (c2d_scene_z(scene, this.#id(id, "z")) < 0) fail("Scene.z");
      return result(0);
    }
    setZ(id, z) {
      const scene = this.#scene("setZ");
      number(z, "z", "Scene.setZ");
      if (!Number.isInteger(z) || z < -0x80000000 || z > 0x7fffffff) {
        throw new RangeError(`collide2d.Scene.setZ: z is ${z}, must be a 32-bit signed integer`);
      }
      if (c2d_scene_set_z(scene, this.#id(id, "setZ"), z) < 0) fail("Scene.setZ");
    }
    setFilter(id, categories, mask) {
      const scene = this.#scene("setFilter");
      const c = uint32(categories, "categories", "Scene.setFilter");
      const m = uint32(mask, "mask", "Scene.setFilter");
      if (c2d_scene_set_filter(scene, this.#id(id, "setFilter"), c, m) < 0) fail("Scene.setFilter");
    }
    select(region, mode = "intersects", options) {
      const scene = this.#scene("select");
      const lasso = Lasso.pointsOf(region);
      if (lasso === undefined) {
        const r = record(region, "Scene.select", "region");
        if (r[0] !== KIND_CODES.aabb && r[0] !== KIND_CODES.obb && r[0] !== KIND_CODES.polygon) {
          throw new TypeError(`collide2d.Scene.select: region is a ${region.kind}; a region is an aabb, an obb, a polygon or a lasso`);
        }
      }
      if (mode !== "intersects" && mode !== "contains") {
        throw new RangeError(`collide2d.Scene.select: mode is ${describe(mode)}, must be "intersects" or "contains"`);
      }
      const [flags, categories, mask] = optionArgs(options, "Scene.select");
      const how = mode === "contains" ? 1 : 0;
      let count;
      if (lasso !== undefined) {
        count = withCopy(lasso, (pointer) =>
          c2d_scene_select_lasso(scene, pointer, lasso.length / 2, how, flags, categories, mask));
      } else {
        put(region, IO_A, "Scene.select", "region");
        count = c2d_scene_select(scene, how, flags, categories, mask);
      }
      if (count < 0) fail("Scene.select");
      return copyIds(count);
    }
    hitTest(x, y, options) {
      const scene = this.#scene("hitTest");
      finite(x, "x", "Scene.hitTest");
      finite(y, "y", "Scene.hitTest");
      const [flags, categories, mask] = optionArgs(options, "Scene.hitTest");
      const count = c2d_scene_hit_test(scene, x, y, flags, categories, mask);
      if (count < 0) fail("Scene.hitTest");
      return copyIds(count);
    }
    raycastClosest(ray, options) {
      const scene = this.#scene("raycastClosest");
      putRay(ray, "Scene.raycastClosest");
      const [flags, categories, mask] = optionArgs(options, "Scene.raycastClosest");
      const status = c2d_scene_raycast_closest(scene, flags, categories, mask);
      if (status < 0) fail("Scene.raycastClosest");
      return status === 0 ? null : sceneHit(f64(), ioBase + IO_RESULT);
    }
    raycastAll(ray, options) {
      const scene = this.#scene("raycastAll");
      putRay(ray, "Scene.raycastAll");
      const [flags, categories, mask] = optionArgs(options, "Scene.raycastAll");
      const count = c2d_scene_raycast_all(scene, flags, categories, mask);
      if (count < 0) fail("Scene.raycastAll");
      const heap = f64();
      const start = c2d_double_result() >>> 3;
      const hits = new Array(count);
      for (let i = 0; i < count; ++i) hits[i] = sceneHit(heap, start + i * HIT_DOUBLES);
      return hits;
    }
    overlappingPairs(options) {
      const scene = this.#scene("overlappingPairs");
      const [flags, categories, mask] = optionArgs(options, "Scene.overlappingPairs");
      const count = c2d_scene_overlapping_pairs(scene, flags, categories, mask);
      if (count < 0) fail("Scene.overlappingPairs");
      return copyIds(2 * count);
    }
    nearest(x, y, k, options) {
      finite(x, "x", "Scene.nearest");
      finite(y, "y", "Scene.nearest");
      return this.#nearest(0, k, options, "Scene.nearest", x, y);
    }
    nearestTo(shape, k, options) {
      put(shape, IO_A, "Scene.nearestTo", "shape");
      return this.#nearest(1, k, options, "Scene.nearestTo", 0, 0);
    }
    #nearest(byShape, k, options, what, x, y) {
      const scene = this.#scene(what.slice(6));
      const count = k === undefined ? 1 : uint32(k, "k", what);
      const [flags, categories, mask] = optionArgs(options, what, { maxDistance });
      const limit = options?.maxDistance ?? Infinity;
      const found = c2d_scene_nearest(scene, byShape, x, y, count, limit, flags, categories, mask);
      if (found < 0) fail(what);
      const heap = f64();
      const start = c2d_double_result() >>> 3;
      const out = new Array(found);
      for (let i = 0; i < found; ++i) out[i] = { id: heap[start + 2 * i], distance: heap[start + 2 * i + 1] };
      return out;
    }
    overlapping(shape, options) {
      const scene = this.#scene("overlapping");
      const [flags, categories, mask] = optionArgs(options, "Scene.overlapping");
      put(shape, IO_A, "Scene.overlapping", "shape");
      const count = c2d_scene_overlapping(scene, flags, categories, mask);
      if (count < 0) fail("Scene.overlapping");
      return copyIds(count);
    }
    candidates(box, options) {
      const scene = this.#scene("candidates");
      const r = record(box, "Scene.candidates", "box");
      if (r[0] !== KIND_CODES.aabb) throw new TypeError(`collide2d.Scene.candidates: box is a ${box.kind}, expected an aabb`);
      const [flags, categories, mask] = optionArgs(options, "Scene.candidates");
      put(box, IO_A, "Scene.candidates", "box");
      const count = c2d_scene_candidates(scene, flags, categories, mask);
      if (count < 0) fail("Scene.candidates");
      return copyIds(count);
    }
    update() {
      if (c2d_scene_update(this.#scene("update")) < 0) fail("Scene.update");
    }
    stats() {
      c2d_scene_stats(this.#scene("stats"));
      return {
        shapes: result(0), packed: result(1), dynamic: result(2), removed: result(3),
        rebuilds: result(4), memoryBytes: result(5),
      };
    }
    indexBoxes() {
      const scene = this.#scene("indexBoxes");
      const count = c2d_scene_index_boxes(scene);
      if (count < 0) fail("Scene.indexBoxes");
      const start = c2d_double_result() >>> 3;
      const raw = module.HEAPF64.slice(start, start + 5 * count);
      const boxes = new Float64Array(4 * count);
      const depths = new Uint8Array(count);
      for (let i = 0; i < count; ++i) {
        boxes.set(raw.subarray(5 * i, 5 * i + 4), 4 * i);
        depths[i] = raw[5 * i + 4];
      }
      return { boxes, depths };
    }
    dispose() {
      this.#pointer = release(live, this, this.#pointer, c2d_scene_delete);
      this.#userData.clear();
    }
  }

  // Boxes prepared once in wasm memory (columns for the SIMD kernels) for many one-against-many
  // tests: what overlapsMany does in one call, without converting the rows each time.
  class BoxBatch {
    #pointer;
    #size;
    constructor(rows, what = "boxBatch") {
      boxRows(rows, what, "rows");
      const count = rows.length / 5;
      const pointer = withCopy(rows, (p) => c2d_box_batch_new(p, count, rows instanceof Float32Array ? 1 : 0));
      if (pointer === 0) fail(what);
      this.#pointer = pointer;
      this.#size = count;
      if (liveBatches) liveBatches.register(this, pointer, this);
    }
    get size() {
      return this.#size;
    }
    overlaps(shape, what = "BoxBatch.overlaps") {
      if (this.#pointer === 0) throw new TypeError(`collide2d.${what}: this batch was disposed`);
      const r = record(shape, what, "shape");
      if (r[0] !== KIND_CODES.obb && r[0] !== KIND_CODES.aabb && r[0] !== KIND_CODES.circle) {
        throw new TypeError(`collide2d.${what}: shape is a ${shape.kind}; it takes an obb, an aabb or a circle`);
      }
      if (this.#size === 0) return new Uint8Array(0);
      put(shape, IO_A, what, "shape");
      const answers = c2d_box_batch_overlaps(this.#pointer);
      if (answers === 0) fail(what);
      return module.HEAPU8.slice(answers, answers + this.#size);
    }
    dispose() {
      this.#pointer = release(liveBatches, this, this.#pointer, c2d_box_batch_delete);
    }
  }
  const liveBatches = finalizer((pointer) => c2d_box_batch_delete(pointer));

  // A simple polygon (c2d.simplePolygon): any vertex count, concave allowed. Built once in wasm
  // memory and held by pointer, like a Scene (its edge grid and triangles are far larger than a
  // record): dispose() frees it, else the FinalizationRegistry once it is collected. Its fields
  // are plain copies, still readable after dispose(); the queries then throw.
  class SimplePolygon {
    #pointer;
    constructor(pointer, vertices, boundingBox, area) {
      this.#pointer = pointer;
      this.kind = "simple_polygon";
      this.vertices = vertices;
      this.boundingBox = boundingBox;
      this.area = area;
      if (livePolygons) livePolygons.register(this, pointer, this);
      Object.freeze(this);
    }
    static is(value) {
      return value !== null && typeof value === "object" && #pointer in value;
    }
    // The pointer of a live polygon, undefined for any other value.
    static pointerOf(value, what, argument) {
      if (!SimplePolygon.is(value)) return undefined;
      if (value.#pointer === 0) throw new TypeError(`collide2d.${what}: ${argument} is a simple polygon that was disposed`);
      return value.#pointer;
    }
    dispose() {
      this.#pointer = release(livePolygons, this, this.#pointer, c2d_simple_polygon_delete);
    }
  }
  const livePolygons = finalizer((pointer) => c2d_simple_polygon_delete(pointer));
  // The polygon c2d_simple_polygon_new just built, with what it wrote (describe_polygon).
  function adoptSimplePolygon(pointer) {
    const heap = f64();
    const k = ioBase + IO_RESULT;
    const box = shapeFromRecord(new Float64Array([KIND_CODES.aabb, heap[k], heap[k + 1], heap[k + 2], heap[k + 3]]));
    const area = heap[k + 4];
    const start = c2d_double_result() >>> 3;
    const vertices = heap.slice(start, start + 2 * heap[k + 5]);
    return new SimplePolygon(pointer, vertices, box, area);
  }

  const api = {
    version: cString(c2d_version()),
    simdTarget: cString(c2d_simd_target()),
    heapBytes: () => module.HEAPU8.byteLength,

    point(x, y) {
      number(x, "x", "point"); number(y, "y", "point");
      return built(c2d_make_point(x, y), "point");
    },
    segment(ax, ay, bx, by) {
      number(ax, "ax", "segment"); number(ay, "ay", "segment"); number(bx, "bx", "segment"); number(by, "by", "segment");
      return built(c2d_make_segment(ax, ay, bx, by), "segment");
    },
    circle(x, y, radius) {
      number(x, "x", "circle"); number(y, "y", "circle"); number(radius, "radius", "circle");
      return built(c2d_make_circle(x, y, radius), "circle");
    },
    capsule(ax, ay, bx, by, radius) {
      number(ax, "ax", "capsule"); number(ay, "ay", "capsule"); number(bx, "bx", "capsule");
      number(by, "by", "capsule"); number(radius, "radius", "capsule");
      return built(c2d_make_capsule(ax, ay, bx, by, radius), "capsule");
    },
    aabb(minX, minY, maxX, maxY) {
      number(minX, "minX", "aabb"); number(minY, "minY", "aabb"); number(maxX, "maxX", "aabb"); number(maxY, "maxY", "aabb");
      // C++'s make_aabb takes any two corners; here the names say which is which, so an inverted
      // box is a mistake to report, not to mend.
      if (minX > maxX) throw new RangeError(`collide2d.aabb: minX ${minX} is greater than maxX ${maxX}`);
      if (minY > maxY) throw new RangeError(`collide2d.aabb: minY ${minY} is greater than maxY ${maxY}`);
      return built(c2d_make_aabb(minX, minY, maxX, maxY), "aabb");
    },
    rect(x, y, width, height) {
      number(x, "x", "rect"); number(y, "y", "rect"); number(width, "width", "rect"); number(height, "height", "rect");
      return built(c2d_make_rect(x, y, width, height), "rect");
    },
    obb(x, y, width, height, angle = 0) {
      number(x, "x", "obb"); number(y, "y", "obb"); number(width, "width", "obb");
      number(height, "height", "obb"); number(angle, "angle", "obb");
      if (c2d_make_obb(x, y, width, height, angle) < 0) fail("obb");
      const heap = f64();
      const base = ioBase + IO_RESULT;
      return shapeFromRecord(heap.slice(base, base + 7), angle);
    },
    obbFromRotation(x, y, width, height, cos, sin) {
      for (const [v, name] of [[x, "x"], [y, "y"], [width, "width"], [height, "height"], [cos, "cos"], [sin, "sin"]]) {
        number(v, name, "obbFromRotation");
      }
      return built(c2d_make_obb_rotation(x, y, width, height, cos, sin), "obbFromRotation");
    },
    // A rotated box as a detection library writes it, in the convention named (box_formats.hpp).
    obbFrom(cx, cy, width, height, angle, convention) {
      const what = "obbFrom";
      number(cx, "cx", what); number(cy, "cy", what); number(width, "width", what);
      number(height, "height", what); number(angle, "angle", what);
      const [degrees, yDown, cw] = boxConvention(convention, what);
      return built(c2d_make_obb_from(cx, cy, width, height, angle, degrees, yDown, cw), what);
    },
    // A rectangle given by its 4 corners in order around it (either winding), in frame "y_up" or
    // "y_down"; its width runs from corner 1 to corner 2.
    obbFromQuad(xy, frame) {
      return withQuad(xy, frame, "obbFromQuad", (pointer, yDown) => built(c2d_make_obb_from_quad(pointer, yDown), "obbFromQuad"));
    },
    // Any strictly convex quadrilateral (either winding) as a counter-clockwise polygon.
    polygonFromQuad(xy, frame) {
      return withQuad(xy, frame, "polygonFromQuad", (pointer, yDown) => built(c2d_make_polygon_from_quad(pointer, yDown), "polygonFromQuad"));
    },
    polygon(points) {
      return withPoints(points, "polygon", (pointer, count) => built(c2d_make_polygon(pointer, count), "polygon"));
    },
    // A convex polygon (its vertices as polygon() takes them) grown by radius: every point within
    // radius of it, like Box2D's rounded polygons. The core and the radius are checked by the
    // C++ builder, whose message names the bad value.
    roundedPolygon(points, radius) {
      number(radius, "radius", "roundedPolygon");
      return withPoints(points, "roundedPolygon", (pointer, count) =>
        built(c2d_make_rounded_polygon(pointer, count, radius), "roundedPolygon"));
    },
    // The box of obb(x, y, width, height, angle) grown by radius (so it is width + 2 radius wide),
    // as a rounded polygon. angle has no default: radius comes after it.
    roundedBox(x, y, width, height, angle, radius) {
      const what = "roundedBox";
      number(x, "x", what); number(y, "y", what); number(width, "width", what);
      number(height, "height", what); number(angle, "angle", what); number(radius, "radius", what);
      return built(c2d_make_rounded_box(x, y, width, height, angle, radius), what);
    },
    // The same with an exact rotation (cos, sin) of unit length, as obbFromRotation.
    roundedBoxFromRotation(x, y, width, height, cos, sin, radius) {
      const what = "roundedBoxFromRotation";
      for (const [v, name] of [[x, "x"], [y, "y"], [width, "width"], [height, "height"], [cos, "cos"], [sin, "sin"], [radius, "radius"]]) {
        number(v, name, what);
      }
      return built(c2d_make_rounded_box_rotation(x, y, width, height, cos, sin, radius), what);
    },
    convexHull(points) {
      return withPoints(points, "convexHull", (pointer, count) => built(c2d_make_convex_hull(pointer, count), "convexHull"));
    },
    // A lasso for Scene.select: a closed path (the last point joins the first) of 3 or more
    // points, which may cross itself, filled by the nonzero winding rule.
    lasso(points) {
      const flat = flatPoints(points, "lasso");
      withCopy(flat, (pointer) => {
        if (c2d_check_lasso(pointer, flat.length / 2) < 0) fail("lasso");
      });
      return new Lasso(flat);
    },
    // A simple polygon of any vertex count (concave allowed; points as polygon() takes them, either
    // winding): the library checks the outline (no crossing or touching edges, no repeated
    // vertex) and its message names the vertices.
    simplePolygon(points) {
      const flat = flatPoints(points, "simplePolygon");
      const pointer = withCopy(flat, (p) => c2d_simple_polygon_new(p, flat.length / 2));
      if (pointer === 0) fail("simplePolygon");
      return adoptSimplePolygon(pointer);
    },
    ray(ox, oy, dx, dy, maxT = Infinity) {
      number(ox, "ox", "ray"); number(oy, "oy", "ray"); number(dx, "dx", "ray"); number(dy, "dy", "ray");
      number(maxT, "maxT", "ray");
      if (c2d_make_ray(ox, oy, dx, dy, maxT) < 0) fail("ray");
      return new Ray(ox, oy, dx, dy, maxT);
    },

    overlaps(a, b) {
      // The most frequent pairs pass their numbers straight (about half the cost of a copy).
      const ra = recordOf(a);
      const rb = recordOf(b);
      if (ra !== undefined && rb !== undefined && rb[0] === KIND_CODES.obb) {
        if (ra[0] === KIND_CODES.obb) {
          return c2d_overlaps_obb_obb(ra[1], ra[2], ra[3], ra[4], ra[5], ra[6], rb[1], rb[2], rb[3], rb[4], rb[5], rb[6]) !== 0;
        }
        if (ra[0] === KIND_CODES.circle) {
          return c2d_overlaps_circle_obb(ra[1], ra[2], ra[3], rb[1], rb[2], rb[3], rb[4], rb[5], rb[6]) !== 0;
        }
      }
      if (hasSimplePolygon(a, b)) return polygonPair(c2d_simple_polygon_overlaps, a, b, "overlaps") !== 0;
      put(a, IO_A, "overlaps", "a");
      put(b, IO_B, "overlaps", "b");
      return c2d_overlaps() !== 0;
    },
    contains(a, b) {
      if (hasSimplePolygon(a, b)) return polygonPair(c2d_simple_polygon_contains, a, b, "contains") !== 0;
      put(a, IO_A, "contains", "a");
      put(b, IO_B, "contains", "b");
      return c2d_contains() !== 0;
    },
    // Every point of b in the interior of a: b does not even touch a's boundary.
    containsStrictly(a, b) {
      const what = "containsStrictly";
      if (hasSimplePolygon(a, b)) return polygonPair(c2d_simple_polygon_contains_strictly, a, b, what) !== 0;
      put(a, IO_A, what, "a");
      put(b, IO_B, what, "b");
      return c2d_contains_strictly() !== 0;
    },
    raycast(ray, shape) {
      putRay(ray, "raycast");
      const polygon = SimplePolygon.pointerOf(shape, "raycast", "shape");
      if (polygon !== undefined) {
        return c2d_simple_polygon_raycast(polygon) === 0 ? null : rayHit(f64(), ioBase + IO_RESULT);
      }
      put(shape, IO_A, "raycast", "shape");
      return c2d_raycast() === 0 ? null : rayHit(f64(), ioBase + IO_RESULT);
    },
    // Every span of the ray in the shape, in order along it: a simple polygon may be entered and
    // left several times; any other shape is convex, so it has raycast's one span or none.
    raycastSpans(ray, shape) {
      const what = "raycastSpans";
      putRay(ray, what);
      const polygon = SimplePolygon.pointerOf(shape, what, "shape");
      if (polygon === undefined) {
        put(shape, IO_A, what, "shape");
        return c2d_raycast() === 0 ? [] : [rayHit(f64(), ioBase + IO_RESULT)];
      }
      const count = c2d_simple_polygon_raycast_spans(polygon);
      const heap = f64();
      const start = c2d_double_result() >>> 3;
      const spans = new Array(count);
      for (let i = 0; i < count; ++i) spans[i] = rayHit(heap, start + RAY_HIT_DOUBLES * i);
      return spans;
    },
    collide(a, b, opts) {
      const o = options(opts, { prediction }, "collide");
      put(a, IO_A, "collide", "a");
      put(b, IO_B, "collide", "b");
      f64()[ioBase + IO_RAY] = o.prediction ?? 0;
      const count = c2d_collide();
      const heap = f64();
      const k = ioBase + IO_RESULT;
      const points = [];
      for (let i = 0; i < count; ++i) {
        points.push({ point: vec(heap[k + 2 + 3 * i], heap[k + 3 + 3 * i]), depth: heap[k + 4 + 3 * i] });
      }
      return { normal: count > 0 ? vec(heap[k], heap[k + 1]) : vec(0, 0), points };
    },
    penetration(a, b) {
      put(a, IO_A, "penetration", "a");
      put(b, IO_B, "penetration", "b");
      if (c2d_penetration() === 0) return null;
      return { normal: vec(result(0), result(1)), depth: result(2) };
    },
    distance(a, b) {
      if (hasSimplePolygon(a, b)) {
        polygonPair(c2d_simple_polygon_distance, a, b, "distance");
      } else {
        put(a, IO_A, "distance", "a");
        put(b, IO_B, "distance", "b");
        c2d_distance();
      }
      return { distance: result(0), pointA: vec(result(1), result(2)), pointB: vec(result(3), result(4)) };
    },
    intersectionArea(a, b) {
      areaKinds(a, b, "intersectionArea");
      if (hasSimplePolygon(a, b)) return polygonPair(c2d_simple_polygon_intersection_area, a, b, "intersectionArea");
      put(a, IO_A, "intersectionArea", "a");
      put(b, IO_B, "intersectionArea", "b");
      return c2d_intersection_area();
    },
    iou(a, b) {
      areaKinds(a, b, "iou");
      if (hasSimplePolygon(a, b)) return polygonPair(c2d_simple_polygon_iou, a, b, "iou");
      put(a, IO_A, "iou", "a");
      put(b, IO_B, "iou", "b");
      return c2d_iou();
    },
    // Mass, centroid and inertia about the centroid for a uniform density (mass per unit area);
    // points and segments have mass 0.
    massProperties(shape, density = 1) {
      const what = "massProperties";
      number(density, "density", what);
      if (!(Number.isFinite(density) && density >= 0)) {
        throw new RangeError(`collide2d.${what}: density is ${density}, must be finite and >= 0`);
      }
      const polygon = SimplePolygon.pointerOf(shape, what, "shape");
      if (polygon !== undefined) {
        if (c2d_simple_polygon_mass_properties(polygon, density) < 0) fail(what);
      } else {
        put(shape, IO_A, what, "shape");
        if (c2d_mass_properties(density) < 0) fail(what);
      }
      return { mass: result(0), centroid: vec(result(1), result(2)), inertia: result(3) };
    },
    // The vertices of a ∩ b as {x, y}, counter-clockwise: [] apart, one point, two (a segment),
    // or 3 to 16 (a polygon); the same for both argument orders.
    intersection(a, b) {
      intersectionKinds(a, b, "intersection");
      put(a, IO_A, "intersection", "a");
      put(b, IO_B, "intersection", "b");
      const count = c2d_intersection();
      if (count < 0) throw new TypeError("collide2d.intersection: takes aabbs, obbs and polygons");
      const heap = f64();
      const k = ioBase + IO_RESULT;
      const vertices = [];
      for (let i = 0; i < count; ++i) vertices.push(vec(heap[k + 2 * i], heap[k + 2 * i + 1]));
      return vertices;
    },
    shapeCast(a, motionA, b, motionB, opts) {
      const [ax, ay] = motion(motionA, "motionA", "shapeCast");
      const [bx, by] = motion(motionB, "motionB", "shapeCast");
      const o = options(opts, { maxTime, stopAtPenetration: flag }, "shapeCast");
      put(a, IO_A, "shapeCast", "a");
      put(b, IO_B, "shapeCast", "b");
      const heap = f64();
      heap[ioBase + IO_RAY] = ax;
      heap[ioBase + IO_RAY + 1] = ay;
      heap[ioBase + IO_RAY + 2] = bx;
      heap[ioBase + IO_RAY + 3] = by;
      heap[ioBase + IO_RAY + 4] = o.maxTime ?? 1;
      heap[ioBase + IO_RAY + 5] = o.stopAtPenetration === false ? 0 : 1;
      if (c2d_shape_cast() === 0) return null;
      return { t: result(0), normal: vec(result(1), result(2)), point: vec(result(3), result(4)) };
    },
    boundingBox(shape) {
      if (SimplePolygon.pointerOf(shape, "boundingBox", "shape") !== undefined) return shape.boundingBox;
      put(shape, IO_A, "boundingBox", "shape");
      c2d_bounding_box();
      const heap = f64();
      const base = ioBase + IO_RESULT;
      const r = new Float64Array([KIND_CODES.aabb, heap[base], heap[base + 1], heap[base + 2], heap[base + 3]]);
      return shapeFromRecord(r);
    },

    overlapsMany(shape, rows) {
      const batch = new BoxBatch(rows, "overlapsMany");
      try {
        return batch.overlaps(shape, "overlapsMany");
      } finally {
        batch.dispose();
      }
    },
    boxBatch(rows) {
      return new BoxBatch(rows, "boxBatch");
    },
    iouMatrix(a, b) {
      return measureMatrix(a, b, "iouMatrix", 0);
    },
    giouMatrix(a, b) {
      return measureMatrix(a, b, "giouMatrix", 1);
    },
    diouMatrix(a, b) {
      return measureMatrix(a, b, "diouMatrix", 2);
    },
    ciouMatrix(a, b) {
      return measureMatrix(a, b, "ciouMatrix", 3);
    },

    Scene,
  };
  return Object.freeze(api);
}
