// SPDX-License-Identifier: GPL-3.0-or-later
// The priming run goes through httplib's whole chunked writer, the closing chunk included
// (that is the static it exists to construct).
#include "server/http_priming.h"

#include <gtest/gtest.h>

namespace server {
namespace {

TEST(HttpPriming, WritesOneCompleteChunkedResponse) {
  EXPECT_TRUE(prime_httplib_statics());
  EXPECT_TRUE(prime_httplib_statics());  // and again: nothing in it is one-shot
}

}  // namespace
}  // namespace server
