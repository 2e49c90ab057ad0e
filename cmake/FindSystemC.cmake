# Finds SystemC and TLM: first through pkg-config (Debian's libsystemc-dev), then through the
# SystemCLanguage CMake package a user's own SystemC build installs. Defines SystemC::systemc.
if(TARGET SystemC::systemc)
  set(SystemC_FOUND TRUE)
  return()
endif()

find_package(PkgConfig QUIET)
if(PkgConfig_FOUND)
  pkg_check_modules(SYSTEMC_PC QUIET IMPORTED_TARGET systemc tlm)
endif()

if(SYSTEMC_PC_FOUND)
  add_library(SystemC::systemc INTERFACE IMPORTED)
  target_link_libraries(SystemC::systemc INTERFACE PkgConfig::SYSTEMC_PC)
  set(SystemC_VERSION ${SYSTEMC_PC_systemc_VERSION})
else()
  # SystemCLanguage's own config exports the SystemC::systemc target.
  find_package(SystemCLanguage CONFIG QUIET)
  if(SystemCLanguage_FOUND)
    set(SystemC_VERSION ${SystemCLanguage_VERSION})
  endif()
endif()

include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(SystemC REQUIRED_VARS SystemC_VERSION
  FAIL_MESSAGE "SystemC not found: install libsystemc-dev (pkg-config 'systemc' and 'tlm') or point CMAKE_PREFIX_PATH at a SystemCLanguage build")
