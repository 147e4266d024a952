// SPDX-License-Identifier: GPL-3.0-or-later
#include "daemon/http/http_client.h"

#include <algorithm>
#include <cctype>

namespace bot {

namespace {

bool iequals(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) ==
                  std::tolower(static_cast<unsigned char>(y));
         });
}

bool is_unreserved(unsigned char c) {
  return std::isalnum(c) || c == '-' || c == '.' || c == '_' || c == '~';
}

void append_percent(std::string& out, unsigned char c) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  out += '%';
  out += kHex[c >> 4];
  out += kHex[c & 0x0F];
}

// Form encoding differs from url_encode_component only in writing ' ' as '+'.
std::string form_encode_component(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char ch : text) {
    const auto c = static_cast<unsigned char>(ch);
    if (is_unreserved(c)) {
      out += ch;
    } else if (c == ' ') {
      out += '+';
    } else {
      append_percent(out, c);
    }
  }
  return out;
}

}  // namespace

std::string_view to_string(HttpMethod method) {
  switch (method) {
    case HttpMethod::kGet:
      return "GET";
    case HttpMethod::kPost:
      return "POST";
  }
  return "?";
}

std::string_view to_string(TransportError error) {
  switch (error) {
    case TransportError::kNone:
      return "none";
    case TransportError::kDns:
      return "dns";
    case TransportError::kConnect:
      return "connect";
    case TransportError::kTimeout:
      return "timeout";
    case TransportError::kTls:
      return "tls";
    case TransportError::kAborted:
      return "aborted";
    case TransportError::kSilence:
      return "silence";
    case TransportError::kOversizeLine:
      return "oversize line";
    case TransportError::kOther:
      return "other";
  }
  return "?";
}

HttpRequest HttpRequest::get(std::string path) {
  HttpRequest request;
  request.method = HttpMethod::kGet;
  request.path = std::move(path);
  return request;
}

HttpRequest HttpRequest::post(std::string path) {
  HttpRequest request;
  request.method = HttpMethod::kPost;
  request.path = std::move(path);
  return request;
}

HttpRequest HttpRequest::post_form(std::string path, FormFields fields) {
  HttpRequest request = post(std::move(path));
  request.body = std::move(fields);
  return request;
}

HttpRequest HttpRequest::post_text(std::string path, std::string content_type, std::string text) {
  HttpRequest request = post(std::move(path));
  request.body = TextBody{std::move(content_type), std::move(text)};
  return request;
}

std::optional<std::string_view> HttpResult::header(std::string_view name) const {
  for (const HttpHeader& h : headers) {
    if (iequals(h.name, name)) return std::string_view(h.value);
  }
  return std::nullopt;
}

HttpResult HttpResult::response(int status, std::string body, std::vector<HttpHeader> headers) {
  HttpResult result;
  result.status = status;
  result.body = std::move(body);
  result.headers = std::move(headers);
  return result;
}

HttpResult HttpResult::failure(TransportError error, std::string message) {
  HttpResult result;
  result.error = error;
  result.error_message = std::move(message);
  return result;
}

std::string url_encode_component(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char ch : text) {
    const auto c = static_cast<unsigned char>(ch);
    if (is_unreserved(c)) {
      out += ch;
    } else {
      append_percent(out, c);
    }
  }
  return out;
}

std::string form_encode(const FormFields& fields) {
  std::string out;
  for (const auto& [name, value] : fields) {
    if (!out.empty()) out += '&';
    out += form_encode_component(name);
    out += '=';
    out += form_encode_component(value);
  }
  return out;
}

}  // namespace bot
