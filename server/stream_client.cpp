// SPDX-License-Identifier: GPL-3.0-or-later
#include "server/stream_client.h"

namespace server {

StreamClient::StreamClient(const std::string& host, int port, const std::string& path,
                           const std::string& token, const std::string& user_agent)
    : client_(host, port) {
  client_.set_read_timeout(std::chrono::hours(24));
  client_.set_connection_timeout(std::chrono::seconds(5));
  reader_ = std::thread([this, path, token, user_agent] { run(path, token, user_agent); });
}

StreamClient::~StreamClient() {
  close();
  if (reader_.joinable()) reader_.join();
}

void StreamClient::run(std::string path, std::string token, std::string user_agent) {
  httplib::Headers headers = {{"Authorization", "Bearer " + token}, {"User-Agent", user_agent}};
  auto on_response = [this](const httplib::Response& res) {
    std::lock_guard lock(mutex_);
    status_ = res.status;
    return !closing_;
  };
  auto on_data = [this](const char* data, std::size_t size) {
    std::lock_guard lock(mutex_);
    if (status_ != 200) {
      error_body_.append(data, size);
      return !closing_;
    }
    partial_.append(data, size);
    std::size_t start = 0, newline;
    while ((newline = partial_.find('\n', start)) != std::string::npos) {
      lines_.push_back(partial_.substr(start, newline - start));
      start = newline + 1;
    }
    partial_.erase(0, start);
    cv_.notify_all();
    return !closing_;
  };
  auto result = client_.Get(path, headers, on_response, on_data);
  std::lock_guard lock(mutex_);
  if (!result && status_ == 0) status_ = -1;
  ended_ = true;
  cv_.notify_all();
}

StreamClient::Next StreamClient::next(std::chrono::milliseconds timeout) {
  std::unique_lock lock(mutex_);
  cv_.wait_for(lock, timeout, [this] { return !lines_.empty() || ended_; });
  if (!lines_.empty()) {
    Next n{Next::Kind::kLine, std::move(lines_.front())};
    lines_.pop_front();
    return n;
  }
  return {ended_ ? Next::Kind::kEnded : Next::Kind::kTimeout, ""};
}

int StreamClient::status() const {
  std::lock_guard lock(mutex_);
  return status_;
}

std::string StreamClient::error_body() const {
  std::lock_guard lock(mutex_);
  return error_body_;
}

void StreamClient::close() {
  {
    std::lock_guard lock(mutex_);
    if (closing_ || ended_) {
      closing_ = true;
      return;
    }
    closing_ = true;
  }
  client_.stop();
}

}  // namespace server
