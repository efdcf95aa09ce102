// mass_properties of a Polygon: the triangle fan of every polygon (mass/fan_mass.hpp), which is
// Green's theorem over the outline and so right for a concave polygon as for a convex one.
#include "collide2d/polygon.hpp"
#include "mass/fan_mass.hpp"

namespace collide2d {

template <class T>
MassProperties<T> mass_properties(const Polygon<T>& polygon, std::type_identity_t<T> density) {
  detail::check_density(density);
  const std::vector<Vec2<T>>& v = polygon.vertices();
  return detail::fan_mass(v.data(), static_cast<int>(v.size()), density);
}

template MassProperties<float> mass_properties(const Polygon<float>&, float);
template MassProperties<double> mass_properties(const Polygon<double>&, double);

}  // namespace collide2d
