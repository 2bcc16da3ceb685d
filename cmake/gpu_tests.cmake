# GPU checks: one ctest per experiment (a design module's versions each
# get theirs), each in its own process
# (a device fault ends only that test). `fuselab check` exits 3 where no GPU
# exists, which ctest reports as skipped, never as passed. A canary's check
# passes only when the checker rejects it.
# compute-sanitizer runs only where a GPU was seen at configure time.
if(FUSELAB_GPU_AT_CONFIGURE)
  find_program(FUSELAB_COMPUTE_SANITIZER compute-sanitizer)
endif()
include(${PROJECT_SOURCE_DIR}/cmake/module_ids.cmake)
set(experiment_ids "")
foreach(source ${FUSELAB_EXPERIMENT_SOURCES})
  fuselab_module_ids(${source} ids)  # attention/v001_online_softmax, or a design module's versions
  list(APPEND experiment_ids ${ids})
endforeach()
foreach(id ${experiment_ids})
  string(REPLACE "/" "." test_name "${id}")
  if(id MATCHES "/v9[0-9][0-9]_cpu")
    continue()  # CPU versions run in the CPU end-to-end test
  endif()
  add_test(NAME check.${test_name}
           COMMAND fuselab --records-dir ${CMAKE_BINARY_DIR}/test-runs check ${id})
  set_tests_properties(check.${test_name} PROPERTIES LABELS gpu SKIP_RETURN_CODE 3)
  if(FUSELAB_COMPUTE_SANITIZER)
    add_test(NAME sanitizer.${test_name}
             COMMAND ${FUSELAB_COMPUTE_SANITIZER} --error-exitcode 99 --tool memcheck
                     $<TARGET_FILE:fuselab> check ${id} --case fx_*)
    set_tests_properties(sanitizer.${test_name} PROPERTIES LABELS "gpu;sanitizer" SKIP_RETURN_CODE 3)
  endif()
endforeach()
