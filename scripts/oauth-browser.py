#!/usr/bin/env python3
"""A BROWSER for `hubctl login` against hubctl-emulator, for the tests and `make demo`.

hubctl runs it with the authorization URL as its only argument (no shell). It drives a real headless
Chromium through Selenium to that URL, fills the emulator's login form (user and password from
HUBCTL_LOGIN_USER / HUBCTL_LOGIN_PASSWORD, default demo / demo-password), submits it, and waits until
the browser has been redirected to hubctl's loopback listener and shows its answer page. Exit 0 then;
1 on any failure (the reason on stderr, never the password or the URL's code).
"""
import os
import shutil
import sys
import tempfile


def main() -> int:
    if len(sys.argv) != 2:
        print("usage: oauth-browser.py URL", file=sys.stderr)
        return 64
    url = sys.argv[1]
    user = os.environ.get("HUBCTL_LOGIN_USER", "demo")
    password = os.environ.get("HUBCTL_LOGIN_PASSWORD", "demo-password")
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.options import Options
        from selenium.webdriver.chrome.service import Service
        from selenium.webdriver.common.by import By
        from selenium.webdriver.support import expected_conditions as EC
        from selenium.webdriver.support.ui import WebDriverWait
    except ImportError:
        print("oauth-browser.py: selenium is not installed (run scripts/install-pip.sh)", file=sys.stderr)
        return 1
    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    driver_path = shutil.which("chromedriver") or "/usr/bin/chromedriver"
    profile = tempfile.mkdtemp(prefix="hubctl-browser-")
    options = Options()
    options.binary_location = chromium
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--no-first-run", "--disable-extensions", f"--user-data-dir={profile}"):
        options.add_argument(argument)
    # The driver's own output goes nowhere: hubctl's stderr is inherited only by this script.
    service = Service(executable_path=driver_path, log_output=os.devnull)
    driver = None
    try:
        driver = webdriver.Chrome(service=service, options=options)
        driver.set_page_load_timeout(30)
        driver.get(url)
        wait = WebDriverWait(driver, 30)
        wait.until(EC.presence_of_element_located((By.ID, "username"))).send_keys(user)
        driver.find_element(By.ID, "password").send_keys(password)
        driver.find_element(By.ID, "submit").click()
        # hubctl's loopback listener answers with a page whose heading has this id.
        result = wait.until(EC.presence_of_element_located((By.ID, "hubctl-result")))
        print(f"oauth-browser.py: {result.text}", file=sys.stderr)
        return 0
    except Exception as error:  # noqa: BLE001 - any failure is reported and is exit 1
        print(f"oauth-browser.py: the login in the browser failed: {type(error).__name__}", file=sys.stderr)
        return 1
    finally:
        if driver is not None:
            driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
