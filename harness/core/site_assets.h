// The two files every page of the site loads: site.css (the look) and
// site.js (sorting a table by a clicked heading, filtering its rows by the
// box above it). Hand-written, no library, nothing fetched: the site works
// offline from the file system.
#pragma once

#include <string>

namespace fuselab::site {

const std::string& site_css();
const std::string& site_js();

}  // namespace fuselab::site
