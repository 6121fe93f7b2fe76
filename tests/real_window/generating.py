"""Real-window scenario for the generators: a range selected on the strip, Ctrl+Shift+G,
the default tail wag applied, Ctrl+Z, Ctrl+Y, Ctrl+S; `mtn-studio ticks` on the saved file
has the tail swinging and every other joint as it was.
"""

import csv
import io

from session import *  # noqa: F401,F403 (the helpers every scenario uses)


def columns(path):
    """Each joint's commands at every 8 ms tick of a saved motion, by name (µrad)."""
    said = subprocess.run([BINARY, 'ticks', path], capture_output=True, text=True,
                          check=True).stdout
    rows = list(csv.DictReader(io.StringIO(said)))
    return {name: [int(r[name]) for r in rows] for name in rows[0] if name not in ('tick', 'ms')}


def generate_a_wag_undo_redo_and_save():
    work = tempfile.mkdtemp(prefix='generating-')
    path = new_stand(work)
    before = columns(path)
    app_process, window = start(path)
    try:
        select_range_on_the_strip(0, 1)
        key('ctrl+shift+g')
        find('Generator')
        find('tail wag (side to side) on TAIL_HORZ', prefix=True)
        click('Apply')
        wait_title(window, 'generated', unsaved=True)
        key('ctrl+z')
        wait_title(window, 'undone', unsaved=False)
        key('ctrl+y')
        wait_title(window, 'redone', unsaved=True)
        save_answering_safety()
        wait_title(window, 'saved', unsaved=False)
        key('ctrl+q')
        wait_closed(app_process, 'Ctrl+Q after saving')
    finally:
        if app_process.poll() is None:
            app_process.kill()
    after = columns(path)
    tail = [v / 17453.3 for v in after['TAIL_HORZ']]
    if max(tail) < 20 or min(tail) > -20:
        fail('the saved tail swings %.1f..%.1f°' % (min(tail), max(tail)))
    for name, values in after.items():
        if name != 'TAIL_HORZ' and any(abs(v - before[name][0]) > 1 for v in values):
            fail('%s moved in the saved motion' % name)
    log('ok: a tail wag generated into the selected range (%.1f..%.1f°), undone, redone and '
        'saved; every other joint as it was' % (min(tail), max(tail)))


SCENARIOS = [generate_a_wag_undo_redo_and_save]


def a_walks_preview_is_simulated_before_it_is_applied():
    """Simulate on, Generate… with Walk chosen: the window says how far the walk goes and
    the stage plays the walk's simulation, all before Apply; Cancel leaves the motion as it
    was."""
    work = tempfile.mkdtemp(prefix='generating-walk-')
    path = new_stand(work)
    app_process, window = start(path)
    try:
        click('Simulate')
        key('ctrl+shift+g')
        click('Generator', 'combo box')
        click('Walk')
        line = find('Simulated on carpet:', prefix=True, timeout=60).name
        if 'mm forward' not in line or 'mm/s' not in line:
            fail('the walk preview says: %r' % line)
        stage = find('Simulated body:', prefix=True, timeout=30).name
        # The walk's paws are placed by two fields; the floor is not said to wait for Apply.
        find('Front paws forward of the stand (mm)')
        find('Hind paws forward of the stand (mm)')
        absent('Not counted here', prefix=True)
        shots = os.environ.get('REAL_WINDOW_SHOTS')
        if shots:
            subprocess.run(['import', '-window', 'root',
                            os.path.join(shots, 'walk-preview-simulated.png')], check=False)
        click('Cancel')
        if window_title(window).startswith('*'):
            fail('Cancel left the motion changed: %r' % window_title(window))
        key('ctrl+q')
        wait_closed(app_process, 'Ctrl+Q with nothing changed')
    finally:
        if app_process.poll() is None:
            app_process.kill()
    log('ok: the walk previewed and simulated before Apply: %r; the stage: %r' % (line, stage))


SCENARIOS.append(a_walks_preview_is_simulated_before_it_is_applied)
