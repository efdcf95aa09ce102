// Property tests of collide(a, b) (contact.hpp: the contact manifold) on face contacts, both
// argument orders, float and double. (Random cases and the checks: collide_property_test.cpp.)
//
// FaceContact: box and polygon pairs (and a segment or capsule lying on a box or polygon face)
//   built with an edge of B exactly or nearly parallel to a face of A, pushed in by a depth d that
//   is small against the face and against A's thickness, over the middle of the face: a clear face
//   contact whose least translation is d along the face normal. (Verified before use: B moved by
//   n (d + 2 tol) is apart, exactly; and both ends of the incident edge lie at least 3 d inside
//   every other edge of A, so a push shorter than 3 d must take them out through the face, which
//   takes d along n.) Both orders must give 2 points, the normal within 1e-3 of +-n and each depth
//   within 4 tol of d, plus the checks of check_manifold (manifold_checks.hpp).
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "manifold_checks.hpp"
#include "property_runner.hpp"

namespace collide2d::property {
namespace {

// A face of the reference shape in double: from r0 to r1 (counter-clockwise), unit direction t,
// outward normal n, and the shape's thickness behind the face.
struct Face {
  int index;
  Vec2<double> r0;
  Vec2<double> r1;
  Vec2<double> t;
  Vec2<double> n;
  double length;
  double thickness;
};

template <class T>
Vec2<double> dvec(Vec2<T> v) {
  return {static_cast<double>(v.x), static_cast<double>(v.y)};
}

inline Face face_of(const std::vector<Vec2<double>>& v, int i) {
  const int count = static_cast<int>(v.size());
  const Vec2<double> r0 = v[static_cast<std::size_t>(i)];
  const Vec2<double> r1 = v[static_cast<std::size_t>((i + 1) % count)];
  const double len = std::hypot(r1.x - r0.x, r1.y - r0.y);
  const Vec2<double> t{(r1.x - r0.x) / len, (r1.y - r0.y) / len};
  const Vec2<double> n{t.y, -t.x};
  double thickness = 0;
  for (const Vec2<double>& p : v)
    thickness = std::max(thickness, -((p.x - r0.x) * n.x + (p.y - r0.y) * n.y));
  return {i, r0, r1, t, n, len, thickness};
}

// The least distance of p inside the edges of v other than edge `skip`.
inline double inside_other_edges(const std::vector<Vec2<double>>& v, int skip, Vec2<double> p) {
  double least = std::numeric_limits<double>::infinity();
  for (int i = 0; i < static_cast<int>(v.size()); ++i) {
    if (i == skip) continue;
    const Face f = face_of(v, i);
    least = std::min(least, -((p.x - f.r0.x) * f.n.x + (p.y - f.r0.y) * f.n.y));
  }
  return least;
}

template <class T>
std::vector<Vec2<double>> vertices_of(const Aabb<T>& b) {
  return {dvec(b.min),
          {static_cast<double>(b.max.x), static_cast<double>(b.min.y)},
          dvec(b.max),
          {static_cast<double>(b.min.x), static_cast<double>(b.max.y)}};
}
template <class T>
std::vector<Vec2<double>> vertices_of(const Obb<T>& b) {
  Vec2<T> c[4];
  corners(b, c);
  return {dvec(c[0]), dvec(c[1]), dvec(c[2]), dvec(c[3])};
}
template <class T>
std::vector<Vec2<double>> vertices_of(const ConvexPolygon<T>& p) {
  std::vector<Vec2<double>> v;
  for (int i = 0; i < p.count; ++i)
    v.push_back(dvec(p.vertices[i]));
  return v;
}

// The reference shape A. With axis_aligned (B is an Aabb, whose edges must be parallel to A's
// face), an Obb turns by exact quarter turns only and a polygon gets a horizontal bottom edge.
template <class T>
void make_reference(RandomShapes<T>& gen, Vec2<T> c, double s, bool, Aabb<T>& out) {
  gen.make(c, s, out);
}
template <class T>
void make_reference(RandomShapes<T>& gen, Vec2<T> c, double s, bool axis_aligned, Obb<T>& out) {
  gen.make(c, s, out);
  if (axis_aligned) {
    static constexpr int turns[4][2] = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}};
    const auto& q = turns[gen.random().integer(0, 3)];
    out.rotation = {static_cast<T>(q[0]), static_cast<T>(q[1])};
  }
}
template <class T>
void make_reference(RandomShapes<T>& gen, Vec2<T> c, double s, bool axis_aligned,
                    ConvexPolygon<T>& out) {
  Random& r = gen.random();
  for (;;) {
    std::vector<Vec2<T>> cloud;
    const int count = r.integer(3, 8);
    for (int i = 0; i < count; ++i) {
      const double rho = s * std::sqrt(r.unit());
      const double a = axis_aligned ? r.uniform(0.15, 0.85) * pi<double> : r.angle();
      cloud.push_back(shifted(c, rho * std::cos(a), rho * std::sin(a)));
    }
    if (axis_aligned) {  // two points on the horizontal line below everything
      const double w = s * r.uniform(0.4, 1.0);
      cloud.push_back(shifted(c, -w, -0.1 * s));
      cloud.push_back(shifted(c, w * r.uniform(0.3, 1.0), -0.1 * s));
    }
    auto hull = make_convex_hull(cloud);
    if (hull) {
      out = hull.value();
      return;
    }
  }
}

// Picks the face: any edge of a box; a long edge of a polygon (the horizontal bottom one when
// axis_aligned).
template <class S>
Face pick_face(Random& r, const S& a, bool axis_aligned) {
  const std::vector<Vec2<double>> v = vertices_of(a);
  const int count = static_cast<int>(v.size());
  if constexpr (std::is_same_v<S, ConvexPolygon<scalar_of<S>>>) {
    int best = 0;
    double longest = 0;
    for (int i = 0; i < count; ++i) {
      const Face f = face_of(v, i);
      const bool horizontal = f.t.y == 0 && f.t.x > 0;
      if (axis_aligned ? horizontal : f.length > longest * r.uniform(0.8, 1.25)) {
        best = i;
        longest = f.length;
        if (axis_aligned) break;
      }
    }
    return face_of(v, best);
  } else {
    return face_of(v, r.integer(0, count - 1));
  }
}

// The incident shape B: its edge from p0 to p1 (on the line at depth d behind the face, running
// against the face's direction) faces -n; the rest of B lies in front of the face.
struct Incident {
  Vec2<double> p0;  // towards the face's r0 end
  Vec2<double> p1;  // towards the face's r1 end
  Vec2<double> t;
  Vec2<double> n;
  double height;  // how far B reaches in front
};

template <class T>
Vec2<T> at(Vec2<double> p, Vec2<double> dir, double k) {
  return vec<T>(p.x + k * dir.x, p.y + k * dir.y);
}

template <class T>
bool make_incident(Random&, const Incident& e, Aabb<T>& out) {
  const Vec2<T> p = at<T>(e.p0, {0, 0}, 0);
  const Vec2<T> q = at<T>(e.p1, e.n, e.height);
  out = {component_min(p, q), component_max(p, q)};
  return true;
}
template <class T>
bool make_incident(Random&, const Incident& e, Obb<T>& out) {
  // Turned by t = -(face direction): the local y axis is n, so the local -y edge, hy behind the
  // centre, is the incident one.
  const double hx = 0.5 * std::hypot(e.p1.x - e.p0.x, e.p1.y - e.p0.y);
  const double hy = 0.5 * e.height;
  const Vec2<double> mid{0.5 * (e.p0.x + e.p1.x), 0.5 * (e.p0.y + e.p1.y)};
  out = {at<T>(mid, e.n, hy), vec<T>(hx, hy), {static_cast<T>(e.t.x), static_cast<T>(e.t.y)}};
  return true;
}
template <class T>
bool make_incident(Random& r, const Incident& e, ConvexPolygon<T>& out) {
  std::vector<Vec2<T>> cloud{at<T>(e.p0, e.n, 0), at<T>(e.p1, e.n, 0)};
  const int extra = r.integer(1, 4);
  const double w = std::hypot(e.p1.x - e.p0.x, e.p1.y - e.p0.y);
  for (int i = 0; i < extra; ++i) {
    const double along = r.uniform(-0.3, 1.3) * w;
    const double up = e.height * r.uniform(0.3, 1.0);
    cloud.push_back(
        vec<T>(e.p0.x + along * e.t.x + up * e.n.x, e.p0.y + along * e.t.y + up * e.n.y));
  }
  auto hull = make_convex_hull(cloud);
  if (!hull) return false;
  out = hull.value();
  return true;
}
template <class T>
bool make_incident(Random&, const Incident& e, Segment<T>& out) {
  out = {at<T>(e.p0, e.n, 0), at<T>(e.p1, e.n, 0)};
  return true;
}
template <class T>
bool make_incident(Random& r, const Incident& e, Capsule<T>& out) {
  // The core above the line by the radius: the capsule's flat side lies on the line.
  const double radius = r.uniform(0.3, 1.0) * e.height;
  out = {at<T>(e.p0, e.n, radius), at<T>(e.p1, e.n, radius), static_cast<T>(radius)};
  return true;
}

template <class T, template <class> class A, template <class> class B>
void run_face(const std::string& pair) {
  PropertyRun<T> run("face contact", pair);
  Random& random = run.random();
  RandomShapes<T> gen(random);
  QueryStats& stats = run.stats;
  std::size_t rejected = 0;
  constexpr bool axis_aligned = std::is_same_v<B<T>, Aabb<T>>;
  A<T> a{};
  B<T> b{};
  ref::ExactShape ea;
  ref::ExactShape eb;
  ref::ExactShape scratch;
  const std::size_t n = lattice_contact_case_count();
  while (stats.cases < n) {
    const Site<T> site = gen.site();
    const double size = gen.size(site);
    make_reference(gen, site.center, size, axis_aligned, a);
    const Face f = pick_face(random, a, axis_aligned);
    const double room = std::min(f.length, f.thickness);
    const double d = room * random.uniform(0.01, 0.1);
    const double scale = std::max(scale_of(a), coordinate_scale(site.center) + 4 * size);
    const double tol = tolerance<T>(scale);
    if (!(d > 64 * tol) || (axis_aligned && !(f.t.y == 0 || f.t.x == 0))) {
      ++rejected;
      continue;
    }
    // The incident edge spans part of the middle of the face, d behind it.
    const double s0 = random.uniform(0.2, 0.45) * f.length;
    const double s1 = random.uniform(0.55, 0.8) * f.length;
    Incident e{};
    e.p0 = {f.r0.x + s0 * f.t.x - d * f.n.x, f.r0.y + s0 * f.t.y - d * f.n.y};
    e.p1 = {f.r0.x + s1 * f.t.x - d * f.n.x, f.r0.y + s1 * f.t.y - d * f.n.y};
    e.t = {-f.t.x, -f.t.y};
    e.n = f.n;
    e.height = size * random.uniform(0.3, 1.0);
    std::swap(e.p0, e.p1);  // B's edge runs against the face: from the r1 end to the r0 end
    if (!make_incident(random, e, b)) {
      ++rejected;
      continue;
    }
    // Verify the construction (see the top of the file).
    const std::vector<Vec2<double>> corners_a = vertices_of(a);
    if (!(std::min(inside_other_edges(corners_a, f.index, e.p0),
                   inside_other_edges(corners_a, f.index, e.p1)) >= 3 * d)) {
      ++rejected;
      continue;
    }
    const double case_tol = tolerance<T>(std::max(scale_of(a), scale_of(b)));
    const double out = d + 2 * case_tol;
    B<T> moved{};
    ref::exact_into(ea, a);
    ref::exact_into(eb, b);
    if (!translated(b, out * f.n.x, out * f.n.y, moved)) {
      ++rejected;
      continue;
    }
    ref::exact_into(scratch, moved);
    if (ref::exact_overlaps(ea, scratch)) {
      ++rejected;
      continue;
    }
    ++stats.cases;
    ++stats.hits;
    const Manifold<T> mab = collide(a, b);
    const Manifold<T> mba = collide(b, a);
    const auto fail = [&](const std::string& what) {
      run.fail(stats.cases - 1, what, [&] {
        return describe_pair(a, b) + "\n  face normal " + describe(f.n) + " depth " + num(d) +
               "\n  collide(a, b): " + describe_manifold(mab) +
               "\n  collide(b, a): " + describe_manifold(mba);
      });
    };
    for (int order = 0; order < 2; ++order) {
      const Manifold<T>& m = order == 0 ? mab : mba;
      const double sign = order == 0 ? 1.0 : -1.0;
      const char* which = order == 0 ? "(a, b): " : "(b, a): ";
      if (m.point_count != 2) {
        ++stats.disagreements;
        fail(std::string(which) + "a face contact without 2 points");
        continue;
      }
      const double nx = static_cast<double>(m.normal.x) - sign * f.n.x;
      const double ny = static_cast<double>(m.normal.y) - sign * f.n.y;
      if (!(std::max(std::abs(nx), std::abs(ny)) <= 1e-3)) fail(std::string(which) + "normal");
      for (int k = 0; k < 2; ++k) {
        if (!(std::abs(static_cast<double>(m.points[k].depth) - d) <= 4 * case_tol)) {
          fail(std::string(which) + "depth of point " + std::to_string(k) + " is not d");
        }
      }
    }
    const std::string ab = check_manifold(a, b, ea, eb, mab);
    if (!ab.empty()) fail("(a, b): " + ab);
    const std::string ba = check_manifold(b, a, eb, ea, mba);
    if (!ba.empty()) fail("(b, a): " + ba);
  }
  run.finish("rejected constructions " + std::to_string(rejected), false);
  EXPECT_LE(rejected, 4 * n) << run.name() << ": the construction fails too often";
}

// Reference face on A (box or polygon), incident edge on B; each case checks both orders.
#define COLLIDE2D_FACE_TESTS(A, B) COLLIDE2D_PROPERTY_TESTS(FaceContact, run_face, A, B)
#define COLLIDE2D_FACE_TESTS_ON(A)       \
  COLLIDE2D_FACE_TESTS(A, Aabb)          \
  COLLIDE2D_FACE_TESTS(A, Obb)           \
  COLLIDE2D_FACE_TESTS(A, ConvexPolygon) \
  COLLIDE2D_FACE_TESTS(A, Segment)       \
  COLLIDE2D_FACE_TESTS(A, Capsule)
COLLIDE2D_FACE_TESTS_ON(Aabb)
COLLIDE2D_FACE_TESTS_ON(Obb)
COLLIDE2D_FACE_TESTS_ON(ConvexPolygon)

}  // namespace
}  // namespace collide2d::property
