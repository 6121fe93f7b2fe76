"""What the real-window scenarios share: the program and motion under test, finding controls
in the accessibility tree a screen reader sees, and xdotool's pointer and keys.
"""

import json
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

import pyatspi
from gi.repository import GLib

BINARY, MOTION = sys.argv[1], sys.argv[2]
KNEE = 'FL_LEG_KNEE'


def log(message):
    print('real-window: ' + message, flush=True)


def fail(message):
    log('FAILED: ' + message)
    log('what had the keyboard then: ' + focused_description())
    shots = os.environ.get('REAL_WINDOW_SHOTS')
    if shots:
        path = os.path.join(shots, 'failure.png')
        subprocess.run(['import', '-window', 'root', path], check=False)
        log('the screen at the failure: ' + path)
    sys.exit(1)


def focused_description():
    """The control with the keyboard, as a screen reader would say it (for a failure's log:
    CI keeps no screenshot)."""
    try:
        desktop = pyatspi.Registry.getDesktop(0)
        for i in range(desktop.childCount):
            app = desktop.getChildAtIndex(i)
            if app is None or app.name != 'mtn-studio':
                continue
            node = pyatspi.findDescendant(
                app, lambda n: n is not None and n.getState().contains(pyatspi.STATE_FOCUSED))
            if node is None:
                return 'nothing'
            text = ''
            try:
                t = node.queryText()
                text = ', text %r' % t.getText(0, t.characterCount)
            except NotImplementedError:
                pass
            return '%r (%s%s)' % (node.name, node.getRoleName(), text)
        return 'no mtn-studio in the accessibility tree'
    except Exception as error:  # a log line must not hide the failure it describes
        return 'unknown (%s)' % error


def xdotool(*args):
    subprocess.run(['xdotool', *map(str, args)], check=True)


def application(timeout=30):
    """The mtn-studio application in the accessibility tree."""
    end = time.time() + timeout
    while time.time() < end:
        desktop = pyatspi.Registry.getDesktop(0)
        for i in range(desktop.childCount):
            try:
                app = desktop.getChildAtIndex(i)
                if app is not None and app.name == 'mtn-studio':
                    return app
            except GLib.GError:
                # An application that has just quit (the scenario before this one's) can
                # still be listed for a moment; asking its name then fails.
                continue
        time.sleep(0.25)
    fail('the application never appeared in the accessibility tree')


def find(name, role=None, timeout=15, prefix=False):
    """The first node named `name` (or whose name starts with it, with `prefix`) of role
    `role`, waiting for it to appear."""
    end = time.time() + timeout
    while time.time() < end:
        app = application()
        found = pyatspi.findDescendant(
            app,
            lambda n: n is not None
            and (n.name.startswith(name) if prefix else n.name == name)
            and (role is None or n.getRoleName() == role))
        if found is not None:
            return found
        time.sleep(0.25)
    fail('no control named %r%s' % (name, '' if role is None else ' (%s)' % role))


def absent(name, prefix=False):
    """Fails if a node named `name` (or whose name starts with it) is shown."""
    found = pyatspi.findDescendant(
        application(),
        lambda n: n is not None and (n.name.startswith(name) if prefix else n.name == name))
    if found is not None:
        fail('%r is shown' % found.name)


def centre(node):
    box = node.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    if box.width <= 0 or box.height <= 0:
        fail('%r has no place on screen' % node.name)
    return box.x + box.width // 2, box.y + box.height // 2


def click(name, role=None, prefix=False):
    x, y = centre(find(name, role, prefix=prefix))
    xdotool('mousemove', x, y)
    time.sleep(0.15)
    xdotool('click', 1)
    time.sleep(0.4)


def gone(name, role, timeout):
    """Whether the control named `name` leaves the accessibility tree within `timeout` s."""
    end = time.time() + timeout
    while time.time() < end:
        app = application()
        if pyatspi.findDescendant(
                app, lambda n: n is not None and n.name == name
                and n.getRoleName() == role) is None:
            return True
        time.sleep(0.25)
    return False


def press_closing(name, what):
    """Clicks the button that closes its dialog, and checks that it did: a dialog laid out
    again as the click arrives (a preview coming in) can leave the pointer off the button,
    so a click that closed nothing is logged and made again."""
    for attempt in range(3):
        click(name, 'push button')
        if gone(name, 'push button', 5):
            return
        log('%s: %s did not close its window (attempt %d); clicking it again'
            % (what, name, attempt + 1))
    fail('%s: %s never closed its window' % (what, name))


def scroll_down_to(name, over, prefix=False, timeout=10):
    """Turns the wheel over the control named `over` until a control named `name` is on
    screen (a column that scrolls shows only what is in view); returns it."""
    x, y = centre(find(over))
    xdotool('mousemove', x, y)
    end = time.time() + timeout
    while True:
        node = pyatspi.findDescendant(
            application(), lambda n: n is not None and (
                (n.name or '').startswith(name) if prefix else n.name == name))
        if node is not None:
            return node
        if time.time() > end:
            fail('no control named %r after scrolling' % name)
        xdotool('click', 5)
        time.sleep(0.3)


def scroll_above(name, over, limit, timeout=10):
    """Turns the wheel over the control named `over` until the control named `name` shows
    above the control named `limit` (what a list scrolled out of view clips is still in
    the accessibility tree, at a place on screen where something else is drawn)."""
    x, y = centre(find(over))
    xdotool('mousemove', x, y)
    top = find(limit).queryComponent().getExtents(pyatspi.DESKTOP_COORDS).y
    end = time.time() + timeout
    while centre(find(name))[1] >= top:
        if time.time() > end:
            fail('%r never scrolled above %r' % (name, limit))
        xdotool('click', 5)
        time.sleep(0.3)


def drag_line(x0, y0, x1, y1):
    """Presses at (x0, y0), moves to (x1, y1) in steps (as a hand does), releases. Slow
    enough that a window drawing a frame in a few hundred milliseconds (an unoptimised
    build on a busy machine) sees the press, the moves and the release in frames of their
    own, as it sees a hand's."""
    xdotool('mousemove', x0, y0)
    time.sleep(0.3)
    xdotool('mousedown', 1)
    time.sleep(0.3)
    steps = 8
    for i in range(1, steps + 1):
        time.sleep(0.08)
        xdotool('mousemove', x0 + (x1 - x0) * i // steps, y0 + (y1 - y0) * i // steps)
    time.sleep(0.4)
    xdotool('mouseup', 1)
    time.sleep(0.5)


def drag_by(name, dy):
    """Presses on a control's centre and moves it `dy` pixels down."""
    x, y = centre(find(name))
    drag_line(x, y, x, y + dy)


def key(combo):
    xdotool('key', '--clearmodifiers', combo)
    time.sleep(0.5)


def window_title(window):
    return subprocess.run(['xdotool', 'getwindowname', window], capture_output=True,
                          text=True).stdout.strip()


def wait_title(window, what, unsaved, contains=None, timeout=10):
    """Waits for the window's title to show (`unsaved`) or not its unsaved mark, and to
    contain `contains`; the title, or a failure naming `what`. The title follows an edit by
    a frame or two, later on a loaded machine: it is asked again, never read once."""
    end = time.time() + timeout
    while True:
        title = window_title(window)
        if ('\u2022' in title) == unsaved and (contains is None or contains in title):
            return title
        if time.time() > end:
            fail('%s: the title is %r' % (what, title))
        time.sleep(0.2)


def wait_typing_field(what, timeout=10):
    """Waits until a field that takes typing has the keyboard (the accessibility tree says
    which is focused): keys sent before would go to the window behind it."""
    end = time.time() + timeout
    while time.time() < end:
        found = pyatspi.findDescendant(
            application(),
            lambda n: n is not None
            and n.getState().contains(pyatspi.STATE_FOCUSED)
            and n.getState().contains(pyatspi.STATE_EDITABLE))
        if found is not None:
            return found
        time.sleep(0.2)
    fail('%s: no field to type in has the keyboard' % what)


def copy_into(folder, source, name):
    """A copy of `source` named `name` in `folder`; its path."""
    path = os.path.join(folder, name)
    shutil.copyfile(source, path)
    return path


def new_stand(folder):
    """An ERS-7 stand made by `mtn-studio new` in `folder`; its path."""
    path = os.path.join(folder, 'stand.mtn')
    subprocess.run([BINARY, 'new', '--model', 'DRX-1000', '-o', path], check=True,
                   capture_output=True)
    return path


def info(path):
    """What `mtn-studio info --json` says of a file."""
    return json.loads(subprocess.run([BINARY, 'info', path, '--json'], check=True,
                                     capture_output=True, text=True).stdout)


def read_motion(path):
    out = path + '.json'
    subprocess.run([BINARY, 'convert', path, out], check=True, capture_output=True)
    with open(out) as f:
        return json.load(f)




def window_size(window):
    out = subprocess.run(['xdotool', 'getwindowgeometry', window], capture_output=True,
                         text=True).stdout
    found = re.search(r'Geometry: (\d+)x(\d+)', out)
    return (int(found.group(1)), int(found.group(2))) if found else None


def resize(window, size):
    """Gives the window `size`, as a person dragging its corner would, and waits for it."""
    xdotool('windowsize', window, *size)
    end = time.time() + 10
    while window_size(window) != tuple(size):
        if time.time() > end:
            fail('the window never took %dx%d: %r' % (*size, window_size(window)))
        time.sleep(0.2)


def start(*args, recovery=None, size=None):
    """Starts the binary; returns the process and its window, which has the keyboard (at
    `size` if given, else at the window's own first size). `recovery` is the folder of its
    recovery copies (a fresh one by default)."""
    # Each start has recovery copies of its own: a scenario that kills the window with
    # unsaved edits (as a crash would) leaves one, which the next start would offer first.
    env = dict(os.environ,
               MTN_STUDIO_RECOVERY_DIR=recovery or tempfile.mkdtemp(prefix='recovery-'))
    process = subprocess.Popen([BINARY, *args], env=env)
    application()
    window = None
    end = time.time() + 20
    while window is None and time.time() < end:
        found = subprocess.run(['xdotool', 'search', '--name', 'mtn-studio'],
                               capture_output=True, text=True).stdout.split()
        window = found[0] if found else None
        time.sleep(0.25)
    if window is None:
        fail('no window named mtn-studio')
    # No window manager under Xvfb: give the window the keyboard by hand, once it is mapped
    # (X refuses the focus to a window not yet viewable; a slower build maps it later).
    end = time.time() + 20
    while subprocess.run(['xdotool', 'windowfocus', '--sync', window],
                         capture_output=True).returncode != 0:
        if time.time() > end:
            fail('window %s never took the keyboard' % window)
        time.sleep(0.25)
    if size is not None:
        resize(window, size)
    log('window %s: %s' % (window, window_title(window)))
    return process, window


def wait_closed(process, what):
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        fail(what + ' did not close the window')


def save_answering_safety():
    """Ctrl+S; a motion too fast for the servos asks first: Save Anyway."""
    key('ctrl+s')
    end = time.time() + 3
    while time.time() < end:
        app = application()
        button = pyatspi.findDescendant(
            app, lambda n: n is not None and n.name == 'Save Anyway')
        if button is not None:
            click('Save Anyway')
            return
        time.sleep(0.25)


def open_typed_path(path):
    """Ctrl+Shift+O, the path typed once its field has the keyboard, then Enter."""
    key('ctrl+shift+o')
    field = find('Path to a motion', 'entry', prefix=True)
    end = time.time() + 10
    while not field.getState().contains(pyatspi.STATE_FOCUSED):
        if time.time() > end:
            fail('the Open Path field never took the keyboard')
        time.sleep(0.1)
    xdotool('type', '--delay', '20', path)
    key('Return')


def select_range_on_the_strip(first, last):
    """Drags along the strip above the timeline from keyframe `first` to keyframe `last`
    (a little beyond each, as a hand does)."""
    strip = find('Time range')
    box = strip.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    x0 = centre(find('Point HEAD_PITCH keyframe %d' % first))[0]
    x1 = centre(find('Point HEAD_PITCH keyframe %d' % last))[0]
    y = box.y + box.height // 2
    drag_line(x0 - 3, y, x1 + 3, y)


def grab(node, name):
    """A picture of the control's place on screen; its path."""
    box = node.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    path = os.path.join(tempfile.gettempdir(), 'stage-%s-%d.png' % (name, os.getpid()))
    subprocess.run(['import', '-window', 'root', '-crop',
                    '%dx%d+%d+%d' % (box.width, box.height, box.x, box.y), '+repage', path],
                   check=True)
    return path


def pixels_differing(a, b):
    """How many pixels two pictures of one size differ in (ImageMagick's count)."""
    result = subprocess.run(['compare', '-metric', 'AE', a, b, 'null:'],
                            capture_output=True, text=True)
    try:
        return int(float(result.stderr.split()[0]))
    except (IndexError, ValueError):
        fail('compare could not compare %s and %s: %s' % (a, b, result.stderr))


def vlq(value):
    """A MIDI variable-length quantity."""
    out = [value & 0x7f]
    value >>= 7
    while value:
        out.append(0x80 | (value & 0x7f))
        value >>= 7
    return bytes(reversed(out))
