# Install rules: the library, its headers, an exported target set with a config and a version
# file for find_package(collide2d CONFIG), and a pkg-config file.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(COLLIDE2D_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/collide2d)

install(TARGETS collide2d EXPORT collide2d-targets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR}
        INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(DIRECTORY include/collide2d DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(FILES ${PROJECT_BINARY_DIR}/generated/collide2d/version.hpp
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/collide2d)
install(EXPORT collide2d-targets NAMESPACE collide2d:: DESTINATION ${COLLIDE2D_CMAKE_DIR})

configure_package_config_file(cmake/collide2d-config.cmake.in
                              ${PROJECT_BINARY_DIR}/collide2d-config.cmake
                              INSTALL_DESTINATION ${COLLIDE2D_CMAKE_DIR})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/collide2d-config-version.cmake
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/collide2d-config.cmake
              ${PROJECT_BINARY_DIR}/collide2d-config-version.cmake
        DESTINATION ${COLLIDE2D_CMAKE_DIR})

configure_file(cmake/collide2d.pc.in ${PROJECT_BINARY_DIR}/collide2d.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/collide2d.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
