"""Real-window scenarios for posing on the stage: the FL paw's handle dragged up with Shift,
the margin read on the stage, Ctrl+Z, dragged again, Ctrl+S; `mtn-studio stage --json` on
the saved file has the paw up and the other three on the floor.
"""

import pyatspi

from session import *  # noqa: F401,F403 (the helpers every scenario uses)


def stage_json(path):
    said = subprocess.run([BINARY, 'stage', path, '--json'], capture_output=True, text=True,
                          check=True).stdout
    return json.loads(said)


def said(prefix, timeout=5):
    """The status bar's line that starts with `prefix` (a drag's last readout stays there
    once it ends), as a screen reader reads it."""
    end = time.time() + timeout
    while time.time() < end:
        node = pyatspi.findDescendant(
            application(), lambda n: n is not None and (n.name or '').startswith(prefix))
        if node is not None:
            return node.name
        time.sleep(0.2)
    fail('nothing on screen says %r' % prefix)


def lift_with_shift(handle, dy):
    x, y = centre(find(handle))
    xdotool('mousemove', x, y)
    time.sleep(0.3)
    xdotool('keydown', 'shift')
    time.sleep(0.2)
    xdotool('mousedown', 1)
    time.sleep(0.3)
    for i in range(1, 9):
        time.sleep(0.08)
        xdotool('mousemove', x, y - dy * i // 8)
    time.sleep(0.5)
    xdotool('mouseup', 1)
    time.sleep(0.2)
    xdotool('keyup', 'shift')
    time.sleep(0.8)


def lift_a_paw_undo_and_save():
    work = tempfile.mkdtemp(prefix='posing-')
    path = new_stand(work)
    app_process, window = start(path)
    try:
        lift_with_shift('FL paw handle', 70)
        line = said('Lift FL paw: up and down')
        if 'margin' not in line:
            fail('after the lift the status bar says %r' % line)
        margin = float(line.split('margin ')[1].split(' mm')[0])
        if margin < 14.9:
            fail('the balance kept only %.1f mm' % margin)
        wait_title(window, 'lifted', unsaved=True)
        key('ctrl+z')
        wait_title(window, 'undone', unsaved=False)
        lift_with_shift('FL paw handle', 70)
        save_answering_safety()
        wait_title(window, 'saved', unsaved=False)
        key('ctrl+q')
        wait_closed(app_process, 'Ctrl+Q after saving')
    finally:
        if app_process.poll() is None:
            app_process.kill()
    row = stage_json(path)['keyframes'][0]
    paws = row['paws_mm']
    if paws['FL'][2] < 12.5 + 25:
        fail('the saved FL paw is %.1f mm up' % paws['FL'][2])
    for leg in ['FR', 'BL', 'BR']:
        if abs(paws[leg][2] - 12.5) > 0.6:
            fail('the saved %s paw is at %.1f mm' % (leg, paws[leg][2]))
    if sorted(row['contacts']) != ['BL paw', 'BR paw', 'FR paw']:
        fail('the saved pose stands on %s' % row['contacts'])
    log('ok: FL lifted to %.1f mm with %.1f mm of margin, undone, lifted again and saved; '
        'stage --json: on %s' % (paws['FL'][2], margin, ', '.join(row['contacts'])))


SCENARIOS = [lift_a_paw_undo_and_save]
