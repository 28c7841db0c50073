# link_clang_statically(target): links an executable of the analyzer with
# Clang's and LLVM's static archives, without position-independent code, so
# that no relocation is left for the loader.
function(link_clang_statically target)
  file(GLOB clang_archives ${LLVM_ROOT}/lib/libclang[A-Z]*.a)
  execute_process(COMMAND ${LLVM_ROOT}/bin/llvm-config --link-static --libfiles
                  OUTPUT_VARIABLE llvm_libfiles OUTPUT_STRIP_TRAILING_WHITESPACE COMMAND_ERROR_IS_FATAL ANY)
  execute_process(COMMAND ${LLVM_ROOT}/bin/llvm-config --link-static --system-libs
                  OUTPUT_VARIABLE llvm_system_libs OUTPUT_STRIP_TRAILING_WHITESPACE COMMAND_ERROR_IS_FATAL ANY)
  separate_arguments(llvm_libfiles UNIX_COMMAND "${llvm_libfiles}")
  separate_arguments(llvm_system_libs UNIX_COMMAND "${llvm_system_libs}")
  # llvm-config names every component's archive, Polly's too, which Debian does not ship.
  set(llvm_archives)
  foreach(archive IN LISTS llvm_libfiles)
    if(EXISTS ${archive})
      list(APPEND llvm_archives ${archive})
    endif()
  endforeach()
  if(NOT clang_archives OR NOT llvm_archives)
    message(FATAL_ERROR "no static Clang or LLVM archives in ${LLVM_ROOT}/lib: configure with -DNNLINT_STATIC_CLANG=OFF")
  endif()
  target_sources(${target} PRIVATE ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/driver/NoPolly.cpp)
  # The analyzer's archives come first, as they call Clang's; Clang's and
  # LLVM's call each other both ways, so the linker goes round them until
  # nothing is missing.
  target_link_libraries(${target} PRIVATE nnlint_rules nnlint_index -Wl,--start-group ${clang_archives}
                        ${llvm_archives} -Wl,--end-group ${llvm_system_libs})
  target_link_options(${target} PRIVATE -no-pie -Wl,--gc-sections -Wl,--as-needed)
endfunction()
