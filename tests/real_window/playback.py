"""Real-window scenario for playback in real time: a ten-second motion played in a
1600x1000 window drawn by the software renderer (frames far slower than the screen's
60 a second) keeps the wall clock. The playhead is read through the accessibility tree
(the transport's counter, as a screen reader reads it) while it plays, each read timed;
after the measured wall time it must be there within two 16 ms frames, plus the time the
read took.

A read shows the playhead of the last frame drawn, which is at most one frame old: of the
reads taken in a second, the freshest one is judged (the one least behind the clock), and
none may be ahead of it.
"""

import re

import pyatspi

from session import *  # noqa: F401,F403 (the helpers every scenario uses)

# Within two of the robot's 16 ms frames of the wall clock, plus the read's own time.
TOLERANCE_MS = 32.0
COUNTER = re.compile(r'^\s*(\d+) / (\d+) ms$')


def counter():
    """The transport's counter ("  1800 / 9984 ms") in the accessibility tree."""
    end = time.time() + 15
    while time.time() < end:
        node = pyatspi.findDescendant(
            application(), lambda n: n is not None and COUNTER.match(n.name or ''))
        if node is not None:
            return node
        time.sleep(0.2)
    fail('no playhead counter on screen')


def read_playhead(node):
    """The playhead (ms) the counter shows now, and the wall-clock times just before and
    just after the read."""
    before = time.monotonic()
    name = node.name or ''
    after = time.monotonic()
    match = COUNTER.match(name)
    if match is None:
        return None, before, after
    return int(match.group(1)), before, after


def playback_keeps_the_wall_clock():
    work = tempfile.mkdtemp(prefix='playback-')
    path = os.path.join(work, 'long.mtn')
    # The example (1.25 s) stretched eight times: ten seconds of motion.
    subprocess.run([BINARY, 'retime', MOTION, '-o', path, '--factor', '8'], check=True,
                   capture_output=True)
    length_ms = info(path)['duration_ms']
    app_process, window = start(path, size=(1600, 1000))
    try:
        node = counter()
        # The window settles into its new size before the clock starts.
        time.sleep(2.0)
        shown, _, _ = read_playhead(node)
        if shown != 0:
            fail('before playing the playhead is at %r ms' % shown)
        # Space: the window is idle, so the frame the key arrives in starts at once, and
        # playback runs from that frame's time.
        pressed = time.monotonic()
        xdotool('key', 'space')
        time.sleep(4.0)
        reads = []
        until = time.monotonic() + 1.5
        while time.monotonic() < until:
            shown, before, after = read_playhead(node)
            if shown is None:
                node = counter()
                continue
            reads.append((shown, before, after))
            time.sleep(0.01)
        if len(reads) < 5:
            fail('only %d reads of the playhead in 1.5 s' % len(reads))
        # How far behind the clock each read is (ms): the clock when the read began, less
        # the playhead it found; and ahead of it, against the clock when the read ended.
        behind = [(before - pressed) * 1000.0 - shown for shown, before, _ in reads]
        ahead = [shown - (after - pressed) * 1000.0 for shown, _, after in reads]
        read_ms = max((after - before) * 1000.0 for _, before, after in reads)
        freshest = min(behind)
        log('playback: %d reads, the playhead %d-%d ms after %.2f-%.2f s of wall clock; '
            'the freshest %.0f ms behind it, none more than %.0f ms ahead; the longest read '
            '%.0f ms' % (len(reads), reads[0][0], reads[-1][0], (reads[0][1] - pressed),
                         (reads[-1][2] - pressed), freshest, max(ahead), read_ms))
        # How long a frame takes here, from how far apart the playhead's values are.
        steps = sorted({shown for shown, _, _ in reads})
        gaps = [b - a for a, b in zip(steps, steps[1:])]
        if gaps:
            log('playback: the playhead moved in steps of %d-%d ms (a frame each)'
                % (min(gaps), max(gaps)))
        if freshest > TOLERANCE_MS + read_ms:
            fail('playback is slower than the wall clock: %.0f ms behind it after %.1f s'
                 % (freshest, reads[-1][2] - pressed))
        if max(ahead) > TOLERANCE_MS + read_ms:
            fail('playback runs ahead of the wall clock by %.0f ms' % max(ahead))
        if reads[-1][0] >= length_ms:
            fail('the motion ended before it was measured (%d ms long)' % length_ms)
        log('ok: the playhead keeps the wall clock in a 1600x1000 window')
        key('space')
    finally:
        app_process.kill()
        app_process.wait()


SCENARIOS = [playback_keeps_the_wall_clock]
