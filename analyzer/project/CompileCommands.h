// Finds the compiler command line for each source file: the arguments after
// `--`, else `-p <build dir>`, else a compile_commands.json found upward from
// the file, else a default command with the LibTorch include directories.
#pragma once

#include "clang/Tooling/CompilationDatabase.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace nnlint {

// A compilation database from the text of a compile_commands.json, or null
// and one line in `error`. Never prints, never recurses deeply.
std::unique_ptr<clang::tooling::CompilationDatabase> parseCompileDatabase(llvm::StringRef text, std::string &error);
// Why the text cannot be a compilation database (a NUL byte, not JSON, nested
// too deeply), or "".
std::string checkCompileDatabaseText(llvm::StringRef text);

class CompileCommands {
 public:
  CompileCommands(std::optional<std::vector<std::string>> fixedArgs, std::string buildDir,
                  std::vector<std::string> torchIncludes);

  // An error that stops every file (a -p database that cannot be read), or "".
  std::string load();
  // The command for `file` (absolute), or an error message.
  bool commandFor(const std::string &file, clang::tooling::CompileCommand &out, std::string &error);

  // Every file of the compilation database that gives `file` its command;
  // none with `--` arguments or without a database.
  std::vector<std::string> databaseFiles(const std::string &file);
  // The commands of those files, in the database's order (commandFor() of
  // each), read once per database and process.
  const std::vector<clang::tooling::CompileCommand> &databaseCommands(const std::string &file);

  // Where LibTorch's headers are, in the documented search order.
  static std::vector<std::string> findTorchIncludes(const std::vector<std::string> &overrides);

  // A compile_commands.json as read, with all its commands.
  struct Database {
    std::shared_ptr<clang::tooling::CompilationDatabase> db;
    std::shared_ptr<const std::vector<clang::tooling::CompileCommand>> commands;
  };

 private:
  const Database *databaseFor(const std::string &file, std::string &error);

  std::optional<std::vector<std::string>> fixedArgs_;
  std::string buildDir_;
  std::vector<std::string> torchIncludes_;
  Database build_;  // -p's
  std::map<std::string, Database> found_;  // by json path
  std::map<std::string, std::string> foundErrors_;
};

}  // namespace nnlint
