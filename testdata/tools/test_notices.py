#!/usr/bin/env python3
"""Checks of notices.sh and of release_check.py's notices check:

    python3 testdata/tools/test_notices.py DIST

DIST is a release that `make release` built (make release-check passes its
own). The check must accept DIST's notices and refuse each kind of wrong
notices made from them; notices.sh must give the same bytes again and fail
when a dependency's licence is missing or of an unknown kind, which a copy
of the module cache with that file changed shows.
"""

import os
import re
import shutil
import stat
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import release_check  # noqa: E402

NOTICES_SH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "notices.sh")
GO = os.environ.get("GO", "go")
DIST = None


def binaries(dist):
    return [f for f in sorted(os.listdir(dist)) if release_check.NAME.match(f)]


def escaped(path):
    """A module path as the module cache spells it: an upper-case letter is '!' and its lower case."""
    return re.sub(r"[A-Z]", lambda m: "!" + m.group(0).lower(), path)


class NoticesCheckTest(unittest.TestCase):
    """release_check.check_notices against DIST's notices and wrong copies of them."""

    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix="notices-test-")
        self.bins = binaries(DIST)
        for b in self.bins:
            os.symlink(os.path.join(os.path.abspath(DIST), b), os.path.join(self.tmp, b))
        self.text = release_check.read(os.path.join(DIST, release_check.NOTICES))
        self.deps = {}
        for b in self.bins:
            self.deps.update(release_check.build_info(os.path.join(DIST, b))[1])

    def tearDown(self):
        shutil.rmtree(self.tmp)

    def problems(self, text):
        with open(os.path.join(self.tmp, release_check.NOTICES), "w", encoding="utf-8") as f:
            f.write(text)
        return release_check.check_notices(self.tmp, self.bins)

    def section(self, heading):
        """The span of the section with this heading, up to the next heading or the end."""
        starts = [m.start() for m in re.finditer(r"^=+\n.*\nLicence: .*\n=+\n", self.text, re.M)]
        start = self.text.index(release_check.RULE + "\n" + heading + "\n")
        return start, next((s for s in starts if s > start), len(self.text))

    def test_accepts_the_release(self):
        self.assertTrue(self.deps, "the release links no module: the checks below would test nothing")
        self.assertEqual(self.problems(self.text), [])

    def test_a_module_without_a_section(self):
        path = sorted(self.deps)[-1]
        s, e = self.section("%s %s" % (path, self.deps[path]))
        self.assertIn("no section for %s %s" % (path, self.deps[path]), self.problems(self.text[:s] + self.text[e:]))

    def test_a_section_no_binary_links(self):
        extra = "%s\nexample.com/gone v1.0.0\nLicence: MIT\n%s\n\nPermission\n" % (release_check.RULE, release_check.RULE)
        self.assertIn("a section for example.com/gone v1.0.0, which no binary links", self.problems(self.text + extra))

    def test_a_stale_version(self):
        path = sorted(self.deps)[0]
        old = "%s %s\n" % (path, self.deps[path])
        got = self.problems(self.text.replace(old, "%s v0.0.1\n" % path))
        self.assertIn("no section for %s" % old.strip(), got)
        self.assertIn("a section for %s v0.0.1, which no binary links" % path, got)

    def test_another_licence_text(self):
        path = sorted(self.deps)[0]
        head = "%s %s" % (path, self.deps[path])
        s, e = self.section(head)
        wrong = "%s\n%s\nLicence: MIT\n%s\n\nsomeone else's licence\n" % (release_check.RULE, head, release_check.RULE)
        got = self.problems(self.text[:s] + wrong + self.text[e:])
        self.assertTrue(any(p.startswith("the section for %s does not hold" % head) for p in got), got)

    def test_tempest_not_first(self):
        s, e = self.section("Tempest")
        self.assertIn("Tempest's LICENSE is not the first section", self.problems(self.text[e:] + self.text[s:e]))


class NoticesScriptTest(unittest.TestCase):
    """notices.sh on DIST's binaries, with the real module cache and with a doctored copy."""

    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix="notices-test-")
        self.bins = [os.path.join(DIST, b) for b in binaries(DIST)]

    def tearDown(self):
        for d, _, _ in os.walk(self.tmp):  # the module cache's copies are read-only
            os.chmod(d, stat.S_IRWXU)
        shutil.rmtree(self.tmp)

    def run_notices(self, env=None):
        out = os.path.join(self.tmp, "notices.txt")
        p = subprocess.run([NOTICES_SH, out] + self.bins, capture_output=True, text=True,
                           env=dict(os.environ, **(env or {})))
        return p, out

    def test_same_bytes_again(self):
        p, out = self.run_notices()
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual(release_check.read(out, "rb"), release_check.read(os.path.join(DIST, release_check.NOTICES), "rb"))

    def doctored_cache(self, change):
        """A copy of the module cache holding the binaries' modules, the first one's LICENSE passed to change."""
        real = subprocess.run([GO, "env", "GOMODCACHE"], capture_output=True, text=True, check=True).stdout.strip()
        cache = os.path.join(self.tmp, "modcache")
        deps = {}
        for b in self.bins:
            deps.update(release_check.build_info(b)[1])
        for path, version in deps.items():
            e = escaped(path)
            shutil.copytree(os.path.join(real, "cache", "download", e, "@v"),
                            os.path.join(cache, "cache", "download", e, "@v"))
            shutil.copytree(os.path.join(real, e + "@" + version), os.path.join(cache, e + "@" + version))
        first = sorted(deps)[0]
        d = os.path.join(cache, escaped(first) + "@" + deps[first])
        os.chmod(d, stat.S_IRWXU)
        change(os.path.join(d, "LICENSE"))
        return {"GOMODCACHE": cache, "GOPROXY": "off", "GOFLAGS": "-mod=mod"}, first

    def test_fails_without_a_licence_file(self):
        env, first = self.doctored_cache(os.remove)
        p, out = self.run_notices(env)
        self.assertNotEqual(p.returncode, 0)
        self.assertIn("%s " % first, p.stderr)
        self.assertIn("no licence file", p.stderr)
        self.assertFalse(os.path.exists(out), "a notices file was written anyway")

    def test_fails_on_an_unknown_licence(self):
        def proprietary(f):
            os.remove(f)
            with open(f, "w") as w:
                w.write("Copyright 2026 Someone. All rights reserved.\n")
        env, first = self.doctored_cache(proprietary)
        p, _ = self.run_notices(env)
        self.assertNotEqual(p.returncode, 0)
        self.assertIn("%s " % first, p.stderr)
        self.assertIn("read it", p.stderr)

    def test_fails_on_a_file_that_is_no_go_program(self):
        p = subprocess.run([NOTICES_SH, os.path.join(self.tmp, "n.txt"), release_check.__file__],
                           capture_output=True, text=True)
        self.assertNotEqual(p.returncode, 0)
        self.assertIn("no Go build information", p.stderr)


if __name__ == "__main__":
    if len(sys.argv) < 2:
        print(__doc__.strip(), file=sys.stderr)
        sys.exit(2)
    DIST = sys.argv.pop(1)
    unittest.main()
