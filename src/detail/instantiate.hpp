// Private: explicit instantiation of the public templates for the two supported scalars.
#pragma once

#define COLLIDE2D_INSTANTIATE_OVERLAP(A, B)                            \
  template bool overlaps<float>(const A<float>& a, const B<float>& b); \
  template bool overlaps<double>(const A<double>& a, const B<double>& b)

#define COLLIDE2D_INSTANTIATE_RAYCAST(S)                                                          \
  template std::optional<RayHit<float>> raycast<float>(const Ray<float>& ray, const S<float>& s); \
  template std::optional<RayHit<double>> raycast<double>(const Ray<double>& ray, const S<double>& s)

#define COLLIDE2D_INSTANTIATE_RAYCAST_LEAN(S)                                             \
  template std::optional<RayHitLean<float>> raycast_lean<float>(const Ray<float>& ray,    \
                                                                const S<float>& s);       \
  template std::optional<RayHitLean<double>> raycast_lean<double>(const Ray<double>& ray, \
                                                                  const S<double>& s)
