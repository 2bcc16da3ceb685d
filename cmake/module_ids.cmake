# fuselab_module_ids(SOURCE OUT): the experiment ids a module declares.
# SOURCE is relative to experiments/: "attention/v001_online_softmax.cu" holds
# that one version; a design module, "designs/<design>.cu", holds one
# FUSELAB_EXPERIMENT(family, vNNN_slug) per family it reaches.
function(fuselab_module_ids source out)
  if(source MATCHES "^designs/")
    file(READ ${PROJECT_SOURCE_DIR}/experiments/${source} text)
    # A declaration added to the module reconfigures (its ids are read here).
    set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/experiments/${source})
    string(REGEX MATCHALL "FUSELAB_EXPERIMENT\\([a-z_]+, v[0-9][0-9][0-9]_[a-z0-9_]+\\)" declarations "${text}")
    set(ids "")
    foreach(d ${declarations})
      string(REGEX REPLACE "FUSELAB_EXPERIMENT\\(([a-z_]+), (v[0-9]+_[a-z0-9_]+)\\)" "\\1/\\2" id "${d}")
      list(APPEND ids ${id})
    endforeach()
  else()
    string(REGEX REPLACE "\\.cu$" "" ids "${source}")
  endif()
  set(${out} ${ids} PARENT_SCOPE)
endfunction()
