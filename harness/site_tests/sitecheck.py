"""The checks the browser test makes on a site `fuselab report --html` wrote,
as functions that return what is wrong (empty: nothing), so the test of the
test can run them on a page broken on purpose."""
import io
import os
import shutil
import time
from html.parser import HTMLParser
from pathlib import Path

import pytest


class _Links(HTMLParser):
    """Every href and src of a page."""

    def __init__(self):
        super().__init__()
        self.targets = []

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name in ("href", "src") and value is not None:
                self.targets.append(value)


def broken_links(site):
    """'page -> target' for every link of every page that leaves the site or
    points to no file (fragments and in-page anchors aside)."""
    broken = []
    for page in sorted(Path(site).rglob("*.html")):
        parser = _Links()
        parser.feed(page.read_text(encoding="utf-8"))
        for target in parser.targets:
            path = target.split("#", 1)[0]
            if not path:
                continue
            if "://" in path or path.startswith(("//", "/", "data:", "javascript:")):
                broken.append(f"{page.relative_to(site)} -> {target} (not a file of the site: it must work offline)")
            elif not (page.parent / path).resolve().is_file():
                broken.append(f"{page.relative_to(site)} -> {target} (no such file)")
    return broken


def browser():
    """A headless Chromium driven by Selenium (Debian's chromium,
    chromium-driver and python3-selenium), or a skip naming what is missing;
    with FUSELAB_REQUIRE_CHROMIUM=1 (scripts/test.sh on Debian) a fail."""
    missing = []
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        missing.append("python3-selenium")
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    driver_path = shutil.which("chromedriver")
    if not chromium:
        missing.append("chromium")
    if not driver_path:
        missing.append("chromium-driver")
    if missing:
        reason = (f"no headless browser: {', '.join(missing)} missing. Fix: scripts/setup.sh --tests installs them "
                  "on Debian (apt-get install chromium chromium-driver python3-selenium); on Ubuntu chromium is a "
                  "snap, not driven here")
        if os.environ.get("FUSELAB_REQUIRE_CHROMIUM") == "1":
            pytest.fail(reason + " (FUSELAB_REQUIRE_CHROMIUM=1 makes this a failure)")
        pytest.skip(reason)
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=1280,1000", "--hide-scrollbars"):
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service(executable_path=driver_path), options=options)


def load(driver, page):
    """Opens a page from the file system and waits for its scripts to run."""
    driver.get(Path(page).resolve().as_uri())
    for _ in range(100):
        if driver.execute_script("return document.readyState") == "complete":
            return
        time.sleep(0.05)


def console_errors(driver, page):
    """The console's errors (uncaught exceptions, failed loads, console.error)
    while the page loads, and an empty title or body."""
    driver.get_log("browser")  # drops what an earlier page left
    load(driver, page)
    problems = [entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
    if not driver.title.strip():
        problems.append("the page has no title")
    if not driver.execute_script("return document.body ? document.body.innerText.trim().length : 0"):
        problems.append("the page shows no text")
    return problems


def filter_mismatches(driver, table_id, typed):
    """Types into the filter box of a table and returns the rows shown that
    lack the text, the rows hidden that hold it, how many are shown and how
    many there are."""
    box = driver.find_element("css selector", f'input.filter[data-table="{table_id}"]')
    box.clear()
    box.send_keys(typed)
    rows = driver.execute_script(
        "return Array.from(document.getElementById(arguments[0]).tBodies[0].rows)"
        ".map(r => [r.hidden, r.textContent.toLowerCase()])", table_id)
    wanted = typed.lower()
    wrong = [text for hidden, text in rows if hidden == (wanted in text)]
    return wrong, sum(1 for hidden, _ in rows if not hidden), len(rows)


def blank_reasons(png):
    """Why a screenshot looks blank: too few colours or too little variance."""
    from PIL import Image, ImageStat

    image = Image.open(io.BytesIO(png)).convert("L")
    colours = len(image.getcolors(maxcolors=1 << 16) or range(1 << 16))
    variance = ImageStat.Stat(image).var[0]
    reasons = []
    if colours < 8:
        reasons.append(f"{colours} grey levels")
    if variance < 50:
        reasons.append(f"pixel variance {variance:.1f}")
    return reasons
