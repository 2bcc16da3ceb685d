"""The site in a real browser (issue 39, point 4): each kind of page loads in
headless Chromium with no console error, a table's filter hides exactly the
rows that lack the text, a heading sorts, every link resolves, and the family
page's screenshot is not blank. Then the test of the test: the same checks
fail on pages broken on purpose."""
import shutil

import sitecheck

PAGES = {
    "index": "index.html",
    "family": "family/attention.html",
    "version": "version/attention/v002_split_d.html",
    "run": "run/20261121T021628Z-vm-2983.html",
}


def test_each_kind_of_page_loads_with_no_console_error(site, driver):
    for kind, page in PAGES.items():
        assert (site / page).is_file(), f"the site has no {kind} page {page}"
        assert sitecheck.console_errors(driver, site / page) == [], f"{kind} page {page}"


def test_the_family_page_shows_its_plots_and_lineage(site, driver):
    sitecheck.load(driver, site / PAGES["family"])
    images = driver.execute_script(
        "return Array.from(document.images).map(i => [i.getAttribute('src'), i.complete && i.naturalWidth > 0])")
    assert images, "the family page shows no picture"
    assert [src for src, shown in images if not shown] == [], "pictures that did not load"


def test_filtering_a_table_hides_the_right_rows(site, driver):
    sitecheck.load(driver, site / PAGES["family"])
    # v001 and the version whose parent it is; v002 alone; the LLM-like cases.
    for table, typed, expected in (("versions", "v001_online", 2), ("versions", "v002_split", 1),
                                   ("answer", "LLM-like", None)):
        wrong, shown, total = sitecheck.filter_mismatches(driver, table, typed)
        assert wrong == [], f"{table} filtered by {typed!r}: rows shown or hidden wrongly: {wrong}"
        assert 0 < shown < total and shown == (expected or shown), f"{table} by {typed!r}: {shown} of {total} shown"
    sitecheck.load(driver, site / PAGES["index"])
    wrong, shown, total = sitecheck.filter_mismatches(driver, "runs", "synthetic")
    assert wrong == [] and shown == 1 < total


def test_clicking_a_heading_sorts_by_it(site, driver):
    sitecheck.load(driver, site / PAGES["index"])
    driver.find_element("css selector", "#runs th").click()
    first = driver.execute_script(
        "return Array.from(document.getElementById('runs').tBodies[0].rows).map(r => r.cells[0].textContent)")
    assert first == sorted(first)
    driver.find_element("css selector", "#runs th").click()
    again = driver.execute_script(
        "return Array.from(document.getElementById('runs').tBodies[0].rows).map(r => r.cells[0].textContent)")
    assert again == sorted(first, reverse=True)


def test_every_link_resolves(site):
    assert sitecheck.broken_links(site) == []


def test_the_family_page_screenshot_is_not_blank(site, driver, tmp_path):
    sitecheck.load(driver, site / PAGES["family"])
    png = driver.get_screenshot_as_png()
    (tmp_path / "family.png").write_bytes(png)
    assert sitecheck.blank_reasons(png) == [], f"screenshot {tmp_path / 'family.png'} looks blank"


# The test of the test: each check catches a page broken on purpose.

def broken_copy(site, tmp_path):
    copy = tmp_path / "site"
    shutil.copytree(site, copy)
    return copy


def test_the_checks_catch_a_script_error(site, driver, tmp_path):
    copy = broken_copy(site, tmp_path)
    page = copy / PAGES["family"]
    page.write_text(page.read_text().replace("</body>", "<script>noSuchFunction();</script></body>"))
    errors = sitecheck.console_errors(driver, page)
    assert any("noSuchFunction" in e for e in errors), errors


def test_the_checks_catch_a_missing_script_and_a_broken_filter(site, driver, tmp_path):
    copy = broken_copy(site, tmp_path)
    (copy / "site.js").unlink()
    errors = sitecheck.console_errors(driver, copy / PAGES["family"])
    assert any("site.js" in e for e in errors), errors
    wrong, shown, total = sitecheck.filter_mismatches(driver, "versions", "v001")
    assert wrong != [] and shown == total, "with no script the filter hides nothing, and the check must see it"
    assert any("site.js" in link for link in sitecheck.broken_links(copy))


def test_the_checks_catch_a_broken_link_and_a_link_off_the_site(site, tmp_path):
    copy = broken_copy(site, tmp_path)
    page = copy / PAGES["version"]
    page.write_text(page.read_text().replace(
        "</body>", '<a href="../../run/no-such-run.html">x</a><img src="https://example.com/x.png"></body>'))
    broken = sitecheck.broken_links(copy)
    assert any("no-such-run.html (no such file)" in b for b in broken), broken
    assert any("example.com" in b for b in broken), broken


def test_the_checks_catch_a_blank_page(driver, tmp_path):
    page = tmp_path / "blank.html"
    page.write_text("<!DOCTYPE html><html><head><title></title></head><body></body></html>")
    assert sitecheck.console_errors(driver, page) != []
    assert sitecheck.blank_reasons(driver.get_screenshot_as_png()) != []
