// The typed API: type-checked against collide2d.d.ts by
//   cd bindings/js && npm install && npx tsc --noEmit -p examples/tsconfig.json
// (test/typecheck.test.mjs runs it). The @ts-expect-error lines must stay errors: they check that
// the declarations reject what they should.
import loadCollide2d, {
  type AabbShape,
  type Collide2d,
  type Lasso,
  type Manifold,
  type MassProperties,
  type ObbShape,
  type Region,
  type RayHit,
  type RoundedPolygonShape,
  type SceneRayHit,
  type Shape,
  type SimplePolygon,
  type Vec2,
} from "collide2d";

interface Item {
  label: string;
  layer: number;
}

const c2d: Collide2d = await loadCollide2d();

const card: ObbShape = c2d.obb(100, 100, 80, 40, Math.PI / 6);
const tile: AabbShape = c2d.rect(0, 0, 50, 50);
const shapes: Shape[] = [
  card,
  tile,
  c2d.point(1, 2),
  c2d.segment(0, 0, 4, 0),
  c2d.circle(150, 100, 10),
  c2d.capsule(0, 5, 6, 5, 1),
  c2d.polygon([{ x: 0, y: -4 }, { x: 4, y: -4 }, { x: 0, y: -1 }]),
  c2d.convexHull([[0, 0], [4, 0], [2, 1], [4, 3], [0, 3]]),
  c2d.obbFromRotation(0, 0, 2, 1, 0, 1),
  // Boxes as detection code and screen code write them: the convention is named in the call.
  c2d.obbFrom(320, 240, 80, 40, 30, "opencv"),
  c2d.obbFrom(320, 240, 80, 40, 30, { degrees: true, frame: "y_down", winding: "cw" }),
  c2d.obbFromQuad([0, 0, 4, 0, 4, 2, 0, 2], "y_down"),
  c2d.polygonFromQuad([{ x: 0, y: 0 }, { x: -1, y: 2 }, { x: 0, y: 5 }, { x: 1, y: 2 }], "y_up"),
  c2d.roundedPolygon([[0, 0], [4, 0], [0, 3]], 0.5),
];
// Box2D's b2MakeRoundedBox(1, 0.5, 0.25): a core of 2 x 1, grown by 0.25.
const button: RoundedPolygonShape = c2d.roundedBox(0, 0, 2, 1, 0, 0.25);
shapes.push(button, c2d.roundedBoxFromRotation(0, 0, 2, 1, 0, 1, 0.25));

// A discriminated union: narrowing on kind gives the fields of that shape.
function describe(shape: Shape): string {
  switch (shape.kind) {
    case "circle":
      return `circle r=${shape.radius}`;
    case "obb":
      return `obb ${shape.width}x${shape.height} at ${shape.angle} rad`;
    case "polygon":
      return `polygon of ${shape.vertices.length / 2} vertices`;
    case "rounded_polygon":
      return `rounded polygon of ${shape.vertices.length / 2} vertices, radius ${shape.radius}`;
    case "aabb":
      return `aabb ${shape.maxX - shape.minX} wide`;
    case "capsule":
    case "segment":
      return `${shape.kind} from (${shape.ax}, ${shape.ay})`;
    case "point":
      return `point (${shape.x}, ${shape.y})`;
  }
}
const descriptions: string[] = shapes.map(describe);

const touching: boolean = c2d.overlaps(tile, c2d.rect(50, 0, 50, 50));
const hit: RayHit | null = c2d.raycast(c2d.ray(-10, 25, 1, 0), tile);
const entry: number | undefined = hit?.tEnter;
const manifold: Manifold = c2d.collide(card, c2d.circle(150, 100, 10));
const normal: Vec2 = manifold.normal;
const depth: number | undefined = manifold.points[0]?.depth;
const gap: number = c2d.distance(card, tile).distance;
const area: number = c2d.intersectionArea(card, tile);
const iou: number = c2d.iou(tile, c2d.aabb(25, 0, 75, 50));
const roundedArea: number = c2d.intersectionArea(button, c2d.roundedBox(1, 0, 2, 1, 0, 0.25));
// Mass, centroid and inertia about the centroid (density 2 per unit area); the polygon a ∩ b.
const body: MassProperties = c2d.massProperties(card, 2);
const spin: number = body.inertia + body.mass * (body.centroid.x ** 2 + body.centroid.y ** 2);
const overlap: Vec2[] = c2d.intersection(card, tile);
const cast = c2d.shapeCast(c2d.circle(0, 0, 1), { x: 10, y: 0 }, c2d.circle(5, 0, 1), { x: 0, y: 0 });
const castT: number | undefined = cast?.t;
// Options: an unbounded cast that ignores an initial contact it moves out of; speculative contacts.
const sweep = c2d.shapeCast(tile, { x: 1, y: 0 }, card, { x: 0, y: 0 }, { maxTime: Infinity, stopAtPenetration: false });
const speculative: Manifold = c2d.collide(card, tile, { prediction: 2 });
const sweepT: number | undefined = sweep?.t;
const many: Uint8Array = c2d.overlapsMany(tile, new Float64Array([25, 25, 10, 10, 0.5]));
const matrix: Float64Array = c2d.iouMatrix(new Float32Array([1, 1, 2, 2, 0]), new Float32Array([2, 1, 2, 2, 0]));

// Scene<UserData>: the user data is typed.
const scene = new c2d.Scene<Item>({ index: "automatic" });
const cardId: number = scene.add(card, { label: "card", layer: 1 });
scene.add(tile, { label: "tile", layer: 0 });
const boxIds: Uint32Array = scene.addBoxes(new Float64Array([300, 25, 100, 50, 0]));
scene.moveBoxes(boxIds, new Float32Array([310, 25, 100, 50, 0.1]));
scene.moveBoxes([cardId], new Float64Array([100, 100, 80, 40, 0.5]));
const item: Item | undefined = scene.userData(cardId);
const label: string = item?.label ?? "(none)";
scene.setZ(cardId, 2);

const marquee: Region = c2d.aabb(40, 40, 145, 160);
const selected: Uint32Array = scene.select(marquee, "contains", { excludeTouching: false });
const lasso: Lasso = c2d.lasso([[0, 0], [200, 0], [100, 150]]);
const lassoed: Uint32Array = scene.select(lasso, "intersects", { excludeTouching: true });
const under: string[] = Array.from(scene.hitTest(141, 103), (id) => scene.userData(id)?.label ?? "?");
const closest: SceneRayHit | null = scene.raycastClosest(c2d.ray(0, 25, 1, 0), { mask: 0xffff });
const all: SceneRayHit[] = scene.raycastAll(c2d.ray(0, 25, 1, 0));
const pairs: Uint32Array = scene.overlappingPairs({ excludeTouching: true });
const stats = scene.stats();
const bytes: number = stats.memoryBytes;
const { boxes, depths }: { boxes: Float64Array; depths: Uint8Array } = scene.indexBoxes();

// A simple polygon (concave allowed) in the pair queries, either side; every span of a ray.
const ell: SimplePolygon = c2d.simplePolygon([[0, 0], [4, 0], [4, 1], [1, 1], [1, 3], [0, 3]]);
const ellArea: number = ell.area;
const ellBox: AabbShape = c2d.boundingBox(ell);
const ellVertices: Float64Array = ell.vertices;
const inNotch: boolean = c2d.contains(ell, c2d.point(3, 2)) || c2d.containsStrictly(tile, ell);
const spans: RayHit[] = c2d.raycastSpans(c2d.ray(0.5, 2, 1, -1), ell);
const ellShare: number = c2d.iou(ell, tile) + c2d.intersectionArea(tile, ell);
const ellMass: MassProperties = c2d.massProperties(ell);
// ... and in a Scene, as one entry (shape(id) and parts(id) throw for it: polygon(id) returns it).
const ellId: number = scene.add(ell, { label: "ell", layer: 2 });
scene.move(ellId, ell);
const ellIsPolygon: boolean = scene.isPolygon(ellId);
const ellBack: SimplePolygon = scene.polygon(ellId);
ellBack.dispose();
const saved: Uint8Array = scene.save();
const again = c2d.Scene.load<Item>(saved.buffer);
const loadedItem: Item | undefined = again.userData(cardId);
ell.dispose();
again.dispose();

// A scene of strings.
const names = new c2d.Scene<string>();
names.add(c2d.point(0, 0), "origin");
const name: string | undefined = names.userData(0);

// What the declarations must refuse.
// @ts-expect-error user data of the wrong type
scene.add(card, "just a string");
// @ts-expect-error a ray is not a shape
c2d.overlaps(c2d.ray(0, 0, 1, 0), tile);
// @ts-expect-error a circle is not a selection region
scene.select(c2d.circle(0, 0, 1));
// @ts-expect-error nor is a rounded polygon (the C++ Scene takes none as a region)
scene.select(button);
// @ts-expect-error roundedBox has no default angle: the radius follows it
c2d.roundedBox(0, 0, 2, 1, 0.25);
// @ts-expect-error no such select mode
scene.select(marquee, "touching");
// @ts-expect-error a lasso's points are read-only
lasso.points = new Float64Array(6);
// @ts-expect-error a point has no area
c2d.iou(c2d.point(0, 0), tile);
// @ts-expect-error the intersection of a circle and a box is not a polygon
c2d.intersection(c2d.circle(0, 0, 1), tile);
// @ts-expect-error no such index
new c2d.Scene({ index: "quadtree" });
// @ts-expect-error shapes are read-only
card.x = 5;
// @ts-expect-error a simple polygon is an entry of its own, not a group's part
scene.addGroup([ell]);
// @ts-expect-error a simple polygon entry is read back by polygon(id), not shape(id)
const notAShape: SimplePolygon = scene.shape(ellId);
// @ts-expect-error collide has no simple polygon overload
c2d.collide(ell, tile);
// @ts-expect-error a simple polygon's vertices are read-only
ell.vertices = new Float64Array(6);
// @ts-expect-error Scene.load takes bytes
c2d.Scene.load([1, 2, 3]);
// @ts-expect-error overlapsMany takes typed arrays, not plain arrays
c2d.overlapsMany(tile, [25, 25, 10, 10, 0]);

console.log(descriptions.length, touching, entry, normal, depth, gap, area, iou, castT, many, matrix);
console.log(boxIds, label, selected, lassoed, under, closest, all, pairs, bytes, boxes, depths, name);
console.log(ellIsPolygon, notAShape);
console.log(sweepT, speculative.points.length, roundedArea, spin, overlap.length);
console.log(ellArea, ellBox, ellVertices, inNotch, spans, ellShare, ellMass, loadedItem);
scene.dispose();
names.dispose();
