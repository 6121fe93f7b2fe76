"""Real-window scenarios for what an animator reaches for in the first hour: the keyframe
table keeping its place, a range played in a loop, markers saved and opened again.
"""

import pyatspi

from session import *  # noqa: F401,F403 (the helpers every scenario uses)


JOINTS = ['HEAD_PITCH', 'HEAD_YAW', 'HEAD_PITCH2', 'MOUTH', 'LEFT_EAR', 'RIGHT_EAR',
          'FL_LEG_VERT', 'FL_LEG_LAT', 'FL_LEG_KNEE', 'BL_LEG_VERT', 'BL_LEG_LAT',
          'BL_LEG_KNEE', 'FR_LEG_VERT', 'FR_LEG_LAT', 'FR_LEG_KNEE', 'BR_LEG_VERT',
          'BR_LEG_LAT', 'BR_LEG_KNEE', 'TAIL_VERT', 'TAIL_HORZ']


def extents(node):
    box = node.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    return (box.x, box.y, box.width, box.height)


def present(name):
    return pyatspi.findDescendant(
        application(), lambda n: n is not None and n.name == name) is not None


def frozen_table_columns():
    """Shift+wheel over the keyframe table: the joint columns scroll sideways while the
    keyframe number, time and frames stay where they were."""
    app_process, _ = start(MOTION)
    try:
        number = extents(find('Keyframe 2'))
        frames = extents(find('frames of keyframe 2'))
        x, y = centre(find('HEAD_PITCH keyframe 2'))
        xdotool('mousemove', x, y)
        time.sleep(0.3)
        xdotool('keydown', 'shift')
        xdotool('click', '--repeat', 10, '--delay', 60, 5)
        xdotool('keyup', 'shift')
        end = time.time() + 10
        while present('HEAD_PITCH keyframe 2'):
            if time.time() > end:
                fail('Shift+wheel over the table did not scroll the joint columns')
            time.sleep(0.25)
        if extents(find('Keyframe 2')) != number or extents(find('frames of keyframe 2')) != frames:
            fail('the row number or the frames column moved with the joints')
        joints = [j for j in JOINTS if present('%s keyframe 2' % j)]
        if not joints:
            fail('no joint column came into view')
        for joint in joints:
            jx = extents(find('%s keyframe 2' % joint))[0]
            if jx < frames[0] + frames[2]:
                fail('%s keyframe 2 is not right of the frames column (%d)' % (joint, jx))
        shots = os.environ.get('REAL_WINDOW_SHOTS')
        if shots:
            subprocess.run(['import', '-window', 'root', os.path.join(shots, 'table.png')])
        key('ctrl+q')
        wait_closed(app_process, 'Ctrl+Q with nothing edited')
    finally:
        if app_process.poll() is None:
            app_process.kill()
    log('ok: Shift+wheel scrolled the joint columns to %s; keyframe 2\'s number and frames '
        'stayed at %s and %s' % (', '.join(joints), number[:2], frames[:2]))


def playhead_readout():
    """The transport row's playhead readout ("  256 / 1248 ms"), found once: reading its name
    again is one call on the bus, where a search of the whole tree takes a good part of a
    second, longer than the range being looped (a sampler that slow saw the loop alias)."""
    found = pyatspi.findDescendant(
        application(), lambda n: n is not None and n.name.endswith(' / 1248 ms'))
    if found is None:
        fail('no playhead readout in the transport row')
    return found


def playhead_ms(readout):
    """The playhead the readout shows now, found anew if the window replaced the node."""
    try:
        name = readout.name
    except Exception:
        name = ''
    if not name.endswith(' / 1248 ms'):
        readout = playhead_readout()
        name = readout.name
    return int(name.split('/')[0]), readout


def loop_a_range():
    """A range dragged on the strip, Loop ticked (it reads "Loop range"), Space: for three
    seconds the playhead stays inside the range, going round it."""
    app_process, _ = start(MOTION)
    try:
        select_range_on_the_strip(1, 2)
        click('Loop range', 'check box')
        key('space')
        readout = playhead_readout()
        seen = []
        end = time.time() + 3
        while time.time() < end:
            ms, readout = playhead_ms(readout)
            seen.append(ms)
            time.sleep(0.02)
        key('space')
        inside = [t for t in seen if 230 <= t <= 760]
        if len(inside) != len(seen):
            fail('the playhead left the range 256..752 ms: %s' % seen)
        wraps = sum(1 for a, b in zip(seen, seen[1:]) if b < a)
        # Three seconds at the wall clock's pace are six rounds; slow frames may hide one.
        if wraps < 4:
            fail('three seconds of a 496 ms range went round %d times: %s' % (wraps, seen))
        key('ctrl+q')
        wait_closed(app_process, 'Ctrl+Q with nothing edited')
    finally:
        if app_process.poll() is None:
            app_process.kill()
    log('ok: Loop with keyframes 1-2 selected played %d..%d ms for 3 s, round %d times'
        % (min(seen), max(seen), wraps))


def a_marker_saved_and_opened_again():
    """Down (to keyframe 1), M: a marker at the playhead; Ctrl+S writes it into the skit
    beside the motion; opened again, the marker is back on the timeline."""
    folder = tempfile.mkdtemp(prefix='markers-')
    motion = copy_into(folder, MOTION, 'marked.mtn')
    app_process, _ = start(motion)
    try:
        key('Down')
        key('m')
        find('Marker Marker 1 at 256 ms', timeout=10)
        key('ctrl+s')
        end = time.time() + 10
        while not os.path.exists(os.path.join(folder, 'marked.skit')):
            if time.time() > end:
                fail('Ctrl+S did not write marked.skit beside the motion')
            time.sleep(0.25)
        key('ctrl+q')
        wait_closed(app_process, 'Ctrl+Q after saving the marker')
    finally:
        if app_process.poll() is None:
            app_process.kill()
    with open(os.path.join(folder, 'marked.skit')) as f:
        markers = json.load(f).get('markers')
    if markers != [{'time_ms': 256, 'name': 'Marker 1'}]:
        fail('the skit holds %r, not the marker at 256 ms' % markers)
    app_process, _ = start(motion)
    try:
        find('Marker Marker 1 at 256 ms', timeout=10)
        key('ctrl+q')
        wait_closed(app_process, 'Ctrl+Q with nothing edited')
    finally:
        if app_process.poll() is None:
            app_process.kill()
    log('ok: M put a marker at 256 ms, Ctrl+S wrote it into marked.skit, and it was back '
        'when the motion opened again')


def no_hint_over_a_range_just_dragged():
    """A range dragged on the strip (let go over the curves), then dragged again from inside
    it and let go on the strip: the strip's hint does not come up over the curves; moved
    away and back, it does."""
    app_process, _ = start(MOTION)

    def hint():
        return pyatspi.findDescendant(
            application(), lambda n: n is not None
            and (n.name or '').startswith('Drag to select a time range')) is not None
    try:
        x, y, width, height = extents(find('Time range'))
        middle = y + height // 2
        drag_line(x + 100, middle, x + 300, middle + 150)
        time.sleep(1)
        drag_line(x + 100, middle, x + 300, middle)
        seen = []
        for _ in range(5):
            time.sleep(0.4)
            seen.append(hint())
        if any(seen):
            fail('the hint came up over the range just dragged: %s' % seen)
        xdotool('mousemove', x + 50, middle + 200)
        time.sleep(0.5)
        xdotool('mousemove', x + 400, middle)
        if not any(hint() for _ in range(8) if time.sleep(0.3) is None):
            fail('the hint did not come back with the pointer resting on the strip')
        key('ctrl+q')
        wait_closed(app_process, 'Ctrl+Q with nothing edited')
    finally:
        if app_process.poll() is None:
            app_process.kill()
    log('ok: no hint over a range just dragged; it shows again after the pointer left')


def drag_the_playhead():
    """A click on the curves between keyframes 1 and 2 puts the playhead there; pressed on
    its line and dragged to keyframe 3, it follows; a keyframe's point clicked takes it to
    that keyframe."""
    app_process, _ = start(MOTION)
    try:
        x1 = centre(find('Point HEAD_PITCH keyframe 1'))[0]
        x2, y2 = centre(find('Point HEAD_PITCH keyframe 2'))
        x3 = centre(find('Point HEAD_PITCH keyframe 3'))[0]
        _, top, _, height = extents(find('Time range'))
        y = top + height + 60
        middle = (x1 + x2) // 2
        xdotool('mousemove', middle, y)
        time.sleep(0.3)
        xdotool('click', 1)
        time.sleep(0.6)
        start_ms, readout = playhead_ms(playhead_readout())
        if not 256 < start_ms < 752:
            fail('a click between keyframes 1 and 2 put the playhead at %d ms' % start_ms)
        drag_line(middle, y, x3 - 4, y)
        dragged_ms, readout = playhead_ms(readout)
        if not 1150 <= dragged_ms <= 1248:
            fail('the playhead dragged from %d ms to keyframe 3 is at %d ms'
                 % (start_ms, dragged_ms))
        xdotool('mousemove', x2, y2)
        time.sleep(0.3)
        xdotool('click', 1)
        time.sleep(0.6)
        clicked_ms, _ = playhead_ms(readout)
        if clicked_ms != 752:
            fail('a click on keyframe 2\'s point left the playhead at %d ms' % clicked_ms)
        key('ctrl+q')
        wait_closed(app_process, 'Ctrl+Q with nothing edited')
    finally:
        if app_process.poll() is None:
            app_process.kill()
    log('ok: the playhead clicked to %d ms, dragged to %d ms, taken to keyframe 2 at 752 ms'
        % (start_ms, dragged_ms))


def command_palette_mirrors():
    """F1, "mirror" typed, Enter: the command palette gives Motion > Mirror Left/Right; Ctrl+S
    writes what `mtn-studio mirror` makes of the motion (one with its FL paw lifted by the
    command line, so its sides differ)."""
    folder = tempfile.mkdtemp(prefix='palette-')
    uneven = os.path.join(folder, 'uneven.mtn')
    subprocess.run([BINARY, 'place', MOTION, '--at', '0', '--lift', 'FL=20', '-o', uneven],
                   check=True, capture_output=True)
    expected = os.path.join(folder, 'expected.mtn')
    subprocess.run([BINARY, 'mirror', uneven, '-o', expected], check=True,
                   capture_output=True)
    app_process, window = start(uneven)
    try:
        key('F1')
        wait_typing_field('F1 (the command palette)')
        xdotool('type', '--delay', '60', 'mirror')
        time.sleep(0.5)
        key('Return')
        wait_title(window, 'the palette\'s Mirror', unsaved=True)
        key('ctrl+s')
        wait_title(window, 'Ctrl+S after the palette\'s Mirror', unsaved=False)
        key('ctrl+q')
        wait_closed(app_process, 'Ctrl+Q after saving')
    finally:
        if app_process.poll() is None:
            app_process.kill()
    if read_motion(uneven) != read_motion(expected):
        fail('the saved motion is not what `mtn-studio mirror` makes of it')
    log('ok: F1, "mirror", Enter mirrored the motion; Ctrl+S wrote what `mtn-studio mirror` '
        'writes')


SCENARIOS = [frozen_table_columns, loop_a_range, a_marker_saved_and_opened_again,
             no_hint_over_a_range_just_dragged, drag_the_playhead, command_palette_mirrors]
