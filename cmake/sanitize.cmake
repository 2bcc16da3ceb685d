# FUSELAB_SANITIZE=ON builds fuselab_core and its tests (fuselab_core_tests)
# with AddressSanitizer and UndefinedBehaviorSanitizer; -fno-sanitize-recover
# makes every UB report fatal (ASan's are). C++ only, hence FUSELAB_CORE_ONLY=ON
# (the CUDA code is not built there). scripts/test.sh runs the bad-input
# campaign (ctest -R BadInputCampaign) in such a build, ${BUILD_DIR:-build}-sanitize.
option(FUSELAB_SANITIZE "Build fuselab_core and its tests with ASan + UBSan (needs FUSELAB_CORE_ONLY=ON)" OFF)
if(FUSELAB_SANITIZE)
  if(NOT FUSELAB_CORE_ONLY)
    message(FATAL_ERROR "FUSELAB_SANITIZE=ON needs -DFUSELAB_CORE_ONLY=ON: the sanitizers apply to the C++ "
                        "core and its tests, not to the CUDA code")
  endif()
  set(FUSELAB_SANITIZE_FLAGS -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined)
  foreach(target fuselab_core fuselab_core_tests)
    target_compile_options(${target} PRIVATE $<$<COMPILE_LANGUAGE:CXX>:${FUSELAB_SANITIZE_FLAGS}>)
    target_link_options(${target} PRIVATE ${FUSELAB_SANITIZE_FLAGS})
  endforeach()
endif()
