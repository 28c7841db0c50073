#include "lsp/Server.h"

#include "base/SourceFilter.h"
#include "base/Version.h"
#include "lsp/Diagnostics.h"
#include "lsp/JsonFields.h"
#include "lsp/ParseHost.h"
#include "lsp/Transport.h"
#include "lsp/Worker.h"
#include "project/Analyzer.h"

#include "llvm/Support/Path.h"

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <map>
#include <set>
#include <unistd.h>

namespace nnlint::lsp {
namespace {

using Clock = std::chrono::steady_clock;

bool isCppFile(const std::string &path, llvm::StringRef languageId) {
  static const std::set<std::string> exts = {".cpp", ".cc", ".cxx", ".c++", ".cp", ".C",  ".h",
                                             ".hh",  ".hpp", ".hxx", ".h++", ".cu", ".inl", ".ipp"};
  if (languageId == "cpp" || languageId == "cuda-cpp") return true;
  return exts.count(llvm::sys::path::extension(path).str()) > 0;
}

struct Document {
  std::string path;
  std::string text;
  bool cpp = false;
};

// The diagnostics of one analysis of `doc`, by file (an object).
Json diagnostics(AnalysisResult result, const Document &doc, const ServerOptions &opts) {
  ConfigResolver configs(opts.config, opts.knownChecks);
  std::string err;
  if (!configs.forFile(doc.path, err)) result.errors.push_back({doc.path, err});
  else if (err = applyConfig(result.findings, {doc.path}, configs); !err.empty())
    result.errors.push_back({doc.path, err});
  SourceText text;
  text.setContents(doc.path, doc.text);
  Json byFile = Json::object();
  for (auto &[file, diagnostics] : toDiagnostics(result.findings, result.errors, doc.path, text))
    byFile[file] = std::move(diagnostics);
  return byFile;
}

// Runs in the worker process: the diagnostics of one analysis, with those of
// the open file's own classes first when other files must be parsed; last,
// {"diagnostics": by file, "lendersMissing": [files]}. The project's files
// whose facts are not cached are left to the lending worker, but those it has
// parsed since the last change (`lent`): their facts could not be kept.
std::string diagnose(const Document &doc, const ServerOptions &opts, const ParseHost &host,
                     const std::set<std::string> &lent, const Worker::Send &early, Worker::Later &later) {
  // A test hook: a worker that dies, as one would on a crash in Clang.
  if (const char *crash = std::getenv("NNLINT_LSP_TEST_CRASH"); crash && *crash && llvm::StringRef(doc.path).ends_with(crash))
    ::kill(::getpid(), SIGKILL);
  AnalyzerOptions analyzer = opts.analyzer;
  analyzer.unsaved[doc.path] = doc.text;
  bool askedHost = false;
  analyzer.warm = [&](const WarmRequest &request) {
    askedHost = true;
    return host.parse(request);
  };
  analyzer.firstPass = [&](const AnalysisResult &first) { early(toText(diagnostics(first, doc, opts))); };
  analyzer.lendersInBackground = true;
  analyzer.lendInForeground = lent;
  analyzer.speed.afterAnswer = &later;
  AnalysisResult result = analyze({doc.path}, opts.rules, analyzer);
  std::vector<std::string> missing = result.lendersMissing;
  std::vector<std::string> lenders = result.lenders;
  return toText(Json{{"diagnostics", diagnostics(std::move(result), doc, opts)},
                     {"lendersMissing", missing},
                     {"lenders", lenders},
                     {"hostNotAsked", opts.warmParse && !askedHost}});
}

class Server {
 public:
  Server(const ServerOptions &opts, int out) : opts_(opts), transport_(STDIN_FILENO, out) {}

  int run() {
    for (;;) {
      startDue();
      std::string body;
      switch (transport_.read(waitMs(), body, {worker_.fd(), lending_.fd()})) {
        case Transport::Status::Message:
          handle(body);
          if (exitCode_ >= 0) return exitCode_;
          break;
        case Transport::Status::Closed:
          return shutdown_ ? 0 : 1;
        case Transport::Status::Wake: {
          std::vector<std::string> early;
          std::optional<std::string> result;
          if (worker_.readable()) {
            bool ended = worker_.poll(early, result);
            for (const std::string &text : early) publishEarly(text);
            if (ended) finish(result);
          }
          if (lending_.readable() && lending_.poll(early, result)) lent();
          break;
        }
        case Transport::Status::Timeout:
          break;
      }
    }
  }

 private:
  // How long the loop may wait for input before an analysis is due.
  int waitMs() const {
    if (due_.empty() || worker_.running()) return -1;
    Clock::time_point first = Clock::time_point::max();
    for (const auto &[uri, when] : due_) first = std::min(first, when);
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(first - Clock::now()).count();
    return left > 0 ? static_cast<int>(left) : 0;
  }

  // Starts the analysis of the document whose time came first, unless one runs.
  void startDue() {
    if (worker_.running()) return;
    auto next = due_.end();
    for (auto it = due_.begin(); it != due_.end(); ++it)
      if (it->second <= Clock::now() && (next == due_.end() || it->second < next->second)) next = it;
    if (next == due_.end()) return;
    std::string uri = next->first;
    due_.erase(next);
    auto doc = docs_.find(uri);
    if (doc == docs_.end()) return;
    const Document &d = doc->second;
    if (opts_.warmParse) host_.ensureRunning();  // without it, the worker parses the file itself
    loadDatabase(opts_.analyzer);  // read here once, not in each worker
    if (worker_.start([&](const Worker::Send &early, Worker::Later &later) {
          return diagnose(d, opts_, host_, lent_, early, later);
        })) {
      analysing_ = uri;
    } else {
      logMessage(1, "nnlint: cannot start a process to analyse " + d.path);
    }
  }

  // Publishes what the worker found, or that it crashed.
  void finish(const std::optional<std::string> &got) {
    std::string uri = std::move(analysing_);
    analysing_.clear();
    auto doc = docs_.find(uri);
    if (doc == docs_.end()) return;
    std::optional<Json> final = got ? byFileOf(*got) : std::nullopt;
    std::optional<Json> byFile;
    if (const Json *d = final ? objectField(*final, "diagnostics") : nullptr) byFile = *d;
    if (const Json *missing = final ? arrayField(*final, "lendersMissing") : nullptr; missing && !missing->empty()) {
      for (const Json &file : *missing)
        if (file.is_string()) toLend_.insert(file.get<std::string>());
      waitingForLenders_.insert(uri);
      startLending();
    }
    if (!byFile) {
      logMessage(1, "nnlint: the analysis of " + doc->second.path + " crashed; its diagnostics are those of the last good run");
      Json start{{"line", 0}, {"character", 0}};
      byFile = Json{{doc->second.path, Json::array({Json{{"range", Json{{"start", start}, {"end", start}}},
                                                         {"severity", 1},
                                                         {"source", "nnlint"},
                                                         {"message", "nnlint crashed while analysing this file; file not analyzed"}}})}};
    }
    std::set<std::string> now = publishByFile(*byFile);
    for (const std::string &old : published_[uri])
      if (!now.count(old)) publish(old, Json::array());
    published_[uri] = std::move(now);
    // Answered from the facts cache: the host has no session for the file
    // yet, which the first edit would wait for. (After publishing: starting
    // the process that prepares it takes a fork.)
    if (final && booleanField(*final, "hostNotAsked").value_or(false) && prepared_.insert(uri).second) {
      toPrepare_.push_back(uri);
      startLending();
    }
    if (const Json *lenders = final ? arrayField(*final, "lenders") : nullptr) keepLenderFacts(doc->second, *lenders);
  }

  // Reads the facts that `doc`'s lenders lent into this process, once per
  // set of lenders and lending run: each worker, a fork of it, finds them
  // read (they are still checked against the files).
  void keepLenderFacts(const Document &doc, const Json &lenders) {
    std::vector<std::string> files;
    for (const Json &file : lenders)
      if (file.is_string()) files.push_back(file.get<std::string>());
    if (files.empty() || kept_[doc.path] == files) return;
    kept_[doc.path] = files;
    AnalyzerOptions analyzer = opts_.analyzer;
    analyzer.unsaved[doc.path] = doc.text;
    nnlint::keepLenderFacts(files, analyzer);
    nnlint::keepIncludeLines(doc.path, analyzer);
  }

  // Parses the files that analyses found no facts of, in a process that no
  // edit stops: typing faster than they parse would otherwise parse them
  // again and again, each time on a core the edits need.
  void startLending() {
    if (lending_.running()) return;
    if (toLend_.empty()) return startPreparing();
    std::vector<std::string> files(toLend_.begin(), toLend_.end());
    AnalyzerOptions analyzer = opts_.analyzer;
    for (const auto &[uri, doc] : docs_) analyzer.unsaved[doc.path] = doc.text;
    if (lending_.start([files, analyzer](const Worker::Send &, Worker::Later &) {
          indexLenders(files, analyzer);
          return std::string();
        })) {
      lendingFiles_ = std::move(files);
      toLend_.clear();
      askForProgress();
    }
  }

  // Has the host open and warm the session of a document that an analysis
  // answered from the facts cache, in the lending worker's process (no edit
  // stops it), after any lenders.
  void startPreparing() {
    while (!toPrepare_.empty() && !lending_.running()) {
      auto doc = docs_.find(toPrepare_.front());
      toPrepare_.erase(toPrepare_.begin());
      if (doc == docs_.end()) continue;
      AnalyzerOptions analyzer = opts_.analyzer;
      analyzer.unsaved[doc->second.path] = doc->second.text;
      analyzer.warm = [this](const WarmRequest &request) { return host_.parse(request); };
      host_.ensureRunning();
      std::string path = doc->second.path;
      lending_.start([path, analyzer](const Worker::Send &, Worker::Later &) {
        prepareWarmParse(path, analyzer);
        return std::string();
      });
    }
  }

  // A client that takes work-done progress is shown the lending worker's
  // files while they are parsed: the diagnostics of the classes they add to
  // come when it ends. The progress begins once the client has created its
  // token (the reply to our request).
  void askForProgress() {
    if (!workDoneProgress_) return;
    progressToken_ = "nnlint-lending-" + std::to_string(++progressCount_);
    progressBegun_ = false;
    transport_.send(Json{{"jsonrpc", "2.0"},
                         {"id", progressToken_},
                         {"method", "window/workDoneProgress/create"},
                         {"params", Json{{"token", progressToken_}}}});
  }
  // A token whose work ended before the client created it begins and ends
  // at once: every token the client created ends.
  void beginProgress(const std::string &repliedTo) {
    if (repliedTo.rfind("nnlint-lending-", 0) != 0) return;
    std::string message = std::to_string(lendingFiles_.size()) + " files that add to the open files' classes";
    notify("$/progress", Json{{"token", repliedTo},
                              {"value", Json{{"kind", "begin"}, {"title", "nnlint"}, {"message", message}}}});
    if (repliedTo == progressToken_ && lending_.running()) progressBegun_ = true;
    else notify("$/progress", Json{{"token", repliedTo}, {"value", Json{{"kind", "end"}}}});
  }
  void endProgress() {
    if (progressBegun_) notify("$/progress", Json{{"token", progressToken_}, {"value", Json{{"kind", "end"}}}});
    progressBegun_ = false;
    progressToken_.clear();
  }

  // The lending worker ended: the analyses that waited for it run again.
  void lent() {
    endProgress();
    kept_.clear();  // their facts were stored again
    for (const std::string &file : lendingFiles_) {
      lent_.insert(file);
      toLend_.erase(file);  // asked for again by the analyses that ran meanwhile
    }
    lendingFiles_.clear();
    for (const std::string &uri : waitingForLenders_) schedule(uri, 0);
    waitingForLenders_.clear();
    startLending();
  }

  // Findings that the rest of the analysis cannot take back: shown at once.
  void publishEarly(const std::string &text) {
    if (std::optional<Json> byFile = byFileOf(text))
      for (const std::string &uri : publishByFile(*byFile)) published_[analysing_].insert(uri);
  }

  // The worker's diagnostics by file, or none when its text is not that.
  static std::optional<Json> byFileOf(const std::string &text) {
    Json parsed = Json::parse(text, nullptr, /*allow_exceptions=*/false);
    if (!parsed.is_object()) return std::nullopt;
    return parsed;
  }

  // Publishes each file's diagnostics; the uris published to.
  std::set<std::string> publishByFile(Json &byFile) {
    std::set<std::string> uris;
    for (auto &[file, diagnostics] : byFile.items()) {
      if (!diagnostics.is_array()) continue;
      std::string fileUri = uriOf(file);
      uris.insert(fileUri);
      for (Json &d : diagnostics) useClientUris(d);
      publish(fileUri, std::move(diagnostics));
    }
    return uris;
  }

  // The uri the client opened the file under (file://localhost/a names the
  // file file:///a does, but a client matches uris as text), else ours.
  std::string uriOf(const std::string &path) const {
    for (const auto &[uri, doc] : docs_)
      if (doc.path == path) return uri;
    return uriFromPath(path);
  }

  // The places a diagnostic's notes and quick fixes name, under the client's uris.
  void useClientUris(Json &diagnostic) const {
    auto rename = [&](Json *o) {
      if (auto u = o ? stringField(*o, "uri") : std::nullopt)
        if (std::string path = pathFromUri(*u); !path.empty()) (*o)["uri"] = uriOf(path);
    };
    if (Json *related = arrayField(diagnostic, "relatedInformation"))
      for (Json &r : *related) rename(objectField(r, "location"));
    Json *data = objectField(diagnostic, "data");
    if (Json *fixes = data ? arrayField(*data, "fixes") : nullptr)
      for (Json &f : *fixes) rename(f.is_object() ? &f : nullptr);
  }

  void publish(const std::string &uri, Json diagnostics) {
    shown_[uri] = diagnostics;
    notify("textDocument/publishDiagnostics", Json{{"uri", uri}, {"diagnostics", std::move(diagnostics)}});
  }

  void notify(const std::string &method, Json params) {
    transport_.send(Json{{"jsonrpc", "2.0"}, {"method", method}, {"params", std::move(params)}});
  }
  void logMessage(int type, const std::string &message) {
    notify("window/logMessage", Json{{"type", type}, {"message", message}});
  }
  void reply(const Json &id, Json result) {
    transport_.send(Json{{"jsonrpc", "2.0"}, {"id", id}, {"result", std::move(result)}});
  }
  void replyError(const Json &id, int code, const std::string &message) {
    transport_.send(Json{{"jsonrpc", "2.0"}, {"id", id}, {"error", Json{{"code", code}, {"message", message}}}});
  }

  void handle(const std::string &body) {
    llvm::Expected<Json> message = parseMessage(body);
    if (!message) {
      logMessage(1, "nnlint: ignoring a message that " + llvm::toString(message.takeError()));
      return;
    }
    if (!message->is_object()) return;
    std::string method = stringField(*message, "method").value_or("");
    const Json *id = field(*message, "id");
    Json noParams = Json::object();
    Json *params = objectField(*message, "params") ? objectField(*message, "params") : &noParams;
    if (!id) return handleNotification(method, *params);
    if (!id->is_number_integer() && !id->is_string()) return;  // not a request: JSON-RPC ids are numbers or strings
    if (method.empty()) {
      if (id->is_string() && !field(*message, "error")) beginProgress(id->get<std::string>());
      return;  // a response to a request of ours
    }
    if (method == "initialize") return reply(*id, initialize(*params));
    if (method == "shutdown") {
      shutdown_ = true;
      return reply(*id, nullptr);
    }
    if (method == "textDocument/codeAction") return reply(*id, codeAction(*params));
    replyError(*id, -32601, "nnlint does not handle " + method);
  }

  void handleNotification(const std::string &method, Json &params) {
    if (method == "exit") {
      exitCode_ = shutdown_ ? 0 : 1;
      return;
    }
    const Json *doc = objectField(params, "textDocument");
    std::string uri = doc ? stringField(*doc, "uri").value_or("") : "";
    if (uri.empty()) return;
    if (method == "textDocument/didOpen") {
      Document d;
      d.path = normalisePath(pathFromUri(uri));
      d.text = stringField(*doc, "text").value_or("");
      d.cpp = !d.path.empty() && isCppFile(d.path, stringField(*doc, "languageId").value_or("")) && inWorkspace(d.path);
      docs_[uri] = std::move(d);
      lent_.clear();  // a change: the facts of what was lent may be kept again
      schedule(uri, 0);
    } else if (method == "textDocument/didChange") {
      auto it = docs_.find(uri);
      const Json *changes = arrayField(params, "contentChanges");
      if (it == docs_.end() || !changes || changes->empty()) return;
      // Full synchronisation: the last change holds the whole text.
      if (auto text = stringField(changes->back(), "text")) it->second.text = *text;
      lent_.clear();
      schedule(uri, opts_.debounceMs);
    } else if (method == "textDocument/didSave") {
      auto it = docs_.find(uri);
      if (it == docs_.end()) return;
      if (auto text = stringField(params, "text")) it->second.text = *text;
      lent_.clear();
      schedule(uri, 0);
    } else if (method == "textDocument/didClose") {
      stopAnalysing(uri);
      docs_.erase(uri);
      due_.erase(uri);
      prepared_.erase(uri);
      for (const std::string &shown : published_[uri]) publish(shown, Json::array());
      published_.erase(uri);
    }
  }

  void schedule(const std::string &uri, int delayMs) {
    auto it = docs_.find(uri);
    if (it == docs_.end() || !it->second.cpp) return;
    stopAnalysing(uri);  // it reads a text that is no longer the document's
    due_[uri] = Clock::now() + std::chrono::milliseconds(delayMs);
  }

  void stopAnalysing(const std::string &uri) {
    if (analysing_ != uri) return;
    worker_.cancel();
    analysing_.clear();
  }

  bool inWorkspace(const std::string &path) const {
    if (roots_.empty()) return true;
    for (const std::string &root : roots_)
      if (path.rfind(root, 0) == 0 && (path.size() == root.size() || path[root.size()] == '/' || root.back() == '/'))
        return true;
    return false;
  }

  Json initialize(const Json &params) {
    auto addRoot = [&](const std::string &uri) {
      std::string path = pathFromUri(uri);
      if (!path.empty()) roots_.push_back(normalisePath(path));
    };
    if (const Json *folders = arrayField(params, "workspaceFolders"))
      for (const Json &f : *folders)
        if (auto uri = stringField(f, "uri")) addRoot(*uri);
    if (roots_.empty())
      if (auto uri = stringField(params, "rootUri")) addRoot(*uri);
    if (const Json *init = objectField(params, "initializationOptions")) {
      if (auto ms = integerField(*init, "debounceMs"); ms && *ms >= 0 && *ms <= INT32_MAX)
        opts_.debounceMs = static_cast<int>(*ms);
      if (auto warm = booleanField(*init, "warmParse")) opts_.warmParse = *warm;
    }
    const Json *capabilities = objectField(params, "capabilities");
    const Json *window = capabilities ? objectField(*capabilities, "window") : nullptr;
    workDoneProgress_ = window && booleanField(*window, "workDoneProgress").value_or(false);
    // Made ready now, not at the first open, which would wait for them: the
    // parse host's process and the -p database (a large one takes a while to
    // read; the reply to initialize waits instead, once).
    if (opts_.warmParse) host_.ensureRunning();
    loadDatabase(opts_.analyzer);
    return Json{
        {"capabilities",
         Json{{"textDocumentSync", Json{{"openClose", true}, {"change", 1}, {"save", Json{{"includeText", false}}}}},
              {"codeActionProvider", Json{{"codeActionKinds", Json::array({"quickfix"})}}}}},
        {"serverInfo", Json{{"name", "nnlint"}, {"version", kVersion}}}};
  }

  Json codeAction(const Json &params) {
    const Json *doc = objectField(params, "textDocument");
    const Json *range = objectField(params, "range");
    std::string uri = doc ? stringField(*doc, "uri").value_or("") : "";
    auto shown = shown_.find(uri);
    if (!range || shown == shown_.end()) return Json::array();
    return codeActions(shown->second, *range);
  }

  ServerOptions opts_;
  Transport transport_;
  std::map<std::string, Document> docs_;               // by uri
  std::map<std::string, Clock::time_point> due_;       // uri -> when to analyse it
  std::map<std::string, std::set<std::string>> published_;  // document uri -> uris it published to
  std::map<std::string, Json> shown_;                  // uri -> diagnostics last published
  std::vector<std::string> roots_;
  ParseHost host_;  // before worker_: a worker is stopped before the host it asks
  Worker worker_;
  std::string analysing_;  // the uri the worker analyses
  Worker lending_;         // parses the files of toLend_ (startLending)
  std::vector<std::string> lendingFiles_;
  std::set<std::string> toLend_;             // files analyses found no facts of
  std::set<std::string> lent_;               // files lending_ parsed since the last change
  std::set<std::string> waitingForLenders_;  // documents to analyse again when lending_ ends
  std::set<std::string> prepared_;           // documents whose session lending_ was asked to warm
  std::vector<std::string> toPrepare_;       // those not yet (startPreparing)
  std::map<std::string, std::vector<std::string>> kept_;  // path -> lenders whose facts this process has read
  bool workDoneProgress_ = false;            // the client takes server-initiated progress
  std::string progressToken_;                // of the lending worker's progress, while asked for
  int progressCount_ = 0;
  bool progressBegun_ = false;
  bool shutdown_ = false;
  int exitCode_ = -1;
};

}  // namespace

int runServer(const ServerOptions &opts) {
  // The protocol owns stdout: anything else that writes there goes to stderr.
  int out = ::dup(STDOUT_FILENO);
  if (out < 0) return 1;
  ::dup2(STDERR_FILENO, STDOUT_FILENO);
  ::signal(SIGPIPE, SIG_IGN);
  return Server(opts, out).run();
}

}  // namespace nnlint::lsp
