# `cmake --install` puts the headers under include/warpsim/<block>/, the static libraries,
# libwarpsim_cudart, every
# program (the platforms, warpsim-bench, warpsim-best-swl, warpsim-belady) and a warpsimConfig.cmake, so that an out-of-tree project can
#   find_package(warpsim REQUIRED)
#   target_link_libraries(my_platform PRIVATE warpsim::warpsim)   # the models
# or, for the platforms' command line, .ini files and results summary (runPlatform),
#   target_link_libraries(my_platform PRIVATE warpsim::platform)
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(warpsim_cmake_dir ${CMAKE_INSTALL_LIBDIR}/cmake/warpsim)

install(TARGETS warpsim_core warpsim_config warpsim_config_gpgpusim warpsim_stats warpsim_workload
                warpsim_trace warpsim_ptx
                ${WARPSIM_MODEL_TARGETS} warpsim
                warpsim_platform
        EXPORT warpsimTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
# The CUDA runtime stand-in CUDA host programs link (doc/cuda.md).
install(TARGETS warpsim_cudart LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
# Every program: warpsim-best-swl runs the warpsim-<platform> beside it, so they go together.
install(TARGETS warpsim-fermi warpsim-owl28 warpsim-ccws30 warpsim-bench warpsim-best-swl
                warpsim-belady
        RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
foreach(tree lib models)
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/${tree}/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/warpsim
          FILES_MATCHING PATTERN "*.h")
endforeach()
install(DIRECTORY ${PROJECT_SOURCE_DIR}/platforms/common/
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/warpsim/common FILES_MATCHING PATTERN "*.h")

install(EXPORT warpsimTargets NAMESPACE warpsim:: DESTINATION ${warpsim_cmake_dir})
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/warpsimConfig.cmake.in
                              ${PROJECT_BINARY_DIR}/warpsimConfig.cmake
                              INSTALL_DESTINATION ${warpsim_cmake_dir})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/warpsimConfigVersion.cmake
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/warpsimConfig.cmake
              ${PROJECT_BINARY_DIR}/warpsimConfigVersion.cmake
              ${PROJECT_SOURCE_DIR}/cmake/FindSystemC.cmake
        DESTINATION ${warpsim_cmake_dir})
