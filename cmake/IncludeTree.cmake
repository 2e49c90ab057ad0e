# Every header is included as <warpsim/BLOCK/...> (or "warpsim/BLOCK/..." inside the project),
# the form the installed package has (include/warpsim/BLOCK/), so that warpsim's block folders
# never clash with a user's own config/ or common/. In the build tree, include/warpsim/ holds one
# link per block folder; WARPSIM_INCLUDE_ROOT is its parent, the one include directory targets
# need.
set(WARPSIM_INCLUDE_ROOT ${PROJECT_BINARY_DIR}/include)
file(MAKE_DIRECTORY ${WARPSIM_INCLUDE_ROOT}/warpsim)
file(GLOB warpsim_block_dirs LIST_DIRECTORIES true ${PROJECT_SOURCE_DIR}/lib/*
     ${PROJECT_SOURCE_DIR}/models/*)
list(APPEND warpsim_block_dirs ${PROJECT_SOURCE_DIR}/platforms/common)
foreach(dir ${warpsim_block_dirs})
  if(IS_DIRECTORY ${dir})
    get_filename_component(block ${dir} NAME)
    file(CREATE_LINK ${dir} ${WARPSIM_INCLUDE_ROOT}/warpsim/${block} SYMBOLIC)
  endif()
endforeach()
