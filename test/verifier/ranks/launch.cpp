#include "launch.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>

extern char** environ;

namespace nnlint_test {
namespace {

// A port the kernel just handed out on loopback; free again once closed.
int free_port() {
  int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  addr.sin_port = 0;
  socklen_t len = sizeof addr;
  if (fd < 0 || bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0 ||
      getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len) != 0)
    throw std::runtime_error("no free loopback port");
  close(fd);
  return ntohs(addr.sin_port);
}

std::string slurp(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace

std::string Launch::describe() const {
  std::string out;
  for (size_t r = 0; r < ranks.size(); ++r)
    out += "--- rank " + std::to_string(r) + " (exit " + std::to_string(ranks[r].exit_code) +
           (ranks[r].killed ? ", killed at the deadline" : "") + ")\n" + ranks[r].text;
  return out;
}

Launch launch_ranks(const std::string& worker, const std::string& scenario, int world, int deadline_seconds,
                    const std::vector<std::string>& extra_env) {
  const auto start = std::chrono::steady_clock::now();
  char tmpl[] = "/tmp/nnlint-ranks-XXXXXX";
  const std::string dir = mkdtemp(tmpl);
  const int port = free_port();
  std::vector<pid_t> pids;
  for (int r = 0; r < world; ++r) {
    std::vector<std::string> env;
    for (char** e = environ; *e; ++e) {
      const std::string entry = *e;
      for (const char* drop : {"RANK=", "WORLD_SIZE=", "LOCAL_RANK=", "MASTER_ADDR=", "MASTER_PORT=",
                               "TORCHELASTIC_USE_AGENT_STORE=", "NNLINT_OUT="})
        if (entry.rfind(drop, 0) == 0) goto skip;
      env.push_back(entry);
    skip:;
    }
    env.push_back("RANK=" + std::to_string(r));
    env.push_back("LOCAL_RANK=" + std::to_string(r));
    env.push_back("WORLD_SIZE=" + std::to_string(world));
    env.push_back("MASTER_ADDR=127.0.0.1");
    env.push_back("MASTER_PORT=" + std::to_string(port));
    env.push_back("NNLINT_OUT=" + dir);
    env.push_back("OMP_NUM_THREADS=1");  // several ranks share two cores
    env.insert(env.end(), extra_env.begin(), extra_env.end());
    std::vector<char*> envp, argv = {const_cast<char*>(worker.c_str()), const_cast<char*>(scenario.c_str()), nullptr};
    for (std::string& e : env) envp.push_back(e.data());
    envp.push_back(nullptr);
    pid_t pid = fork();
    if (pid == 0) {
      // Quiet: the reports come back through files.
      int null = open("/dev/null", O_WRONLY);
      dup2(null, 1);
      execve(worker.c_str(), argv.data(), envp.data());
      _exit(127);
    }
    pids.push_back(pid);
  }
  Launch out;
  out.ranks.resize(static_cast<size_t>(world));
  const auto deadline = start + std::chrono::seconds(deadline_seconds);
  size_t running = pids.size();
  while (running > 0) {
    for (size_t r = 0; r < pids.size(); ++r) {
      if (pids[r] <= 0) continue;
      int status = 0;
      if (waitpid(pids[r], &status, WNOHANG) == pids[r]) {
        out.ranks[r].exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
        pids[r] = 0;
        --running;
      }
    }
    if (running == 0) break;
    if (std::chrono::steady_clock::now() > deadline) {
      for (size_t r = 0; r < pids.size(); ++r)
        if (pids[r] > 0) {
          kill(pids[r], SIGKILL);
          waitpid(pids[r], nullptr, 0);
          out.ranks[r].killed = true;
          pids[r] = 0;
        }
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  for (int r = 0; r < world; ++r) {
    const std::string base = dir + "/rank" + std::to_string(r);
    out.ranks[static_cast<size_t>(r)].text = slurp(base + ".txt");
    const std::string json = slurp(base + ".json");
    if (!json.empty()) out.ranks[static_cast<size_t>(r)].report = nlohmann::json::parse(json, nullptr, false);
  }
  std::filesystem::remove_all(dir);
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return out;
}

}  // namespace nnlint_test
