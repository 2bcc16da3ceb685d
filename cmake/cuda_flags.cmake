# The one place for compiler flags. fuselab_target(T) applies them to a target.
set(FUSELAB_CUDA_FLAGS -lineinfo -Xptxas=-warn-spills -Xptxas=-warn-lmem-usage
    --expt-relaxed-constexpr -Xcompiler=-Wall)
set(FUSELAB_CXX_FLAGS -Wall -Wextra)

function(fuselab_target target)
  target_compile_options(${target} PRIVATE
    $<$<COMPILE_LANGUAGE:CUDA>:${FUSELAB_CUDA_FLAGS}>
    $<$<COMPILE_LANGUAGE:CXX>:${FUSELAB_CXX_FLAGS}>)
  target_include_directories(${target} PUBLIC ${PROJECT_SOURCE_DIR})
endfunction()

# Recorded in every run record.
string(JOIN " " FUSELAB_BUILD_FLAGS_TEXT
  "CUDA ${CMAKE_CUDA_COMPILER_VERSION} arch ${CMAKE_CUDA_ARCHITECTURES}"
  "${CMAKE_BUILD_TYPE} ${CMAKE_CUDA_FLAGS_${CMAKE_BUILD_TYPE}}" ${FUSELAB_CUDA_FLAGS})
