# CMAKE_CUDA_ARCHITECTURES: what the user set, else the GPU present
# (nvidia-smi's compute capability), else 90a (the H100 this project targets).
# Compute capability 9.0 builds as 90a, Hopper's arch-specific target (wgmma);
# FUSELAB_SM90A then tells host code that those kernels exist.
# "native" is never used: it fails where no GPU is present.
# FUSELAB_GPU_AT_CONFIGURE tells later steps whether a GPU answered.
set(FUSELAB_GPU_AT_CONFIGURE OFF)
set(_fuselab_detected 90a)
find_program(_fuselab_nvidia_smi nvidia-smi)
if(_fuselab_nvidia_smi)
  execute_process(
    COMMAND ${_fuselab_nvidia_smi} --query-gpu=compute_cap --format=csv,noheader
    OUTPUT_VARIABLE _fuselab_cc RESULT_VARIABLE _fuselab_rc ERROR_QUIET
    OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(_fuselab_rc EQUAL 0 AND _fuselab_cc MATCHES "^([0-9]+)\\.([0-9]+)")
    set(_fuselab_detected "${CMAKE_MATCH_1}${CMAKE_MATCH_2}")
    if(_fuselab_detected STREQUAL "90")
      set(_fuselab_detected 90a)
    endif()
    set(FUSELAB_GPU_AT_CONFIGURE ON)
  endif()
endif()
if(NOT DEFINED CMAKE_CUDA_ARCHITECTURES)
  set(CMAKE_CUDA_ARCHITECTURES ${_fuselab_detected} CACHE STRING "CUDA architectures")
endif()
message(STATUS "fuselab: CUDA architectures ${CMAKE_CUDA_ARCHITECTURES}, GPU present: ${FUSELAB_GPU_AT_CONFIGURE}")
if("90a" IN_LIST CMAKE_CUDA_ARCHITECTURES)
  add_compile_definitions(FUSELAB_SM90A=1)
endif()
