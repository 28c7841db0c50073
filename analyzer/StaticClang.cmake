# Links the nnlint executable with Clang's and LLVM's static archives, without
# position-independent code: no relocation is left for the loader.
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
target_sources(nnlint PRIVATE driver/NoPolly.cpp)
# The archives call each other in both directions: the linker goes round them until nothing is missing.
target_link_libraries(nnlint PRIVATE -Wl,--start-group ${clang_archives} ${llvm_archives} -Wl,--end-group
                      ${llvm_system_libs})
target_link_options(nnlint PRIVATE -no-pie -Wl,--gc-sections -Wl,--as-needed)
