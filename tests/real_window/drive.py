#!/usr/bin/python3
"""Drives the real mtn-studio window as a person would, under Xvfb: finds controls through
the accessibility tree a screen reader sees (AT-SPI, their extents say where to click), and
moves the mouse and presses keys with xdotool, so every event goes through the real window
system and egui-winit (Ctrl+C and Ctrl+V arrive as the clipboard events they become there).

  1. open a motion, drag two keyframes, Ctrl+Z (the second drag undone), copy keyframe 0's
     pose onto keyframe 3 with Ctrl+C / Ctrl+V, Ctrl+S, Ctrl+Q; then read the saved file back
     through the codec (`mtn-studio convert FILE.mtn FILE.json`) and check the exact values;
  2. start on the bundled example, edit it, Ctrl+Q (it must ask: Cancel keeps the window),
     Ctrl+S (never saved, and no file-dialog portal here: the window must ask for the path
     itself), type a path, Enter; then check the file was written;
  3. open a malformed motion: a screen reader finds its tab, every joint by name, the
     "Keyframe N" rows and Repair;
  4. import Choreonoid's walk through the Import window's grid; kill the window after an
     edit and restore the work at the next start;
  5. open a StickyBot gait file, type a servo limit, Ctrl+S, Ctrl+Q; read it back;
  6. select a time range on the strip above the timeline, cut it with Ctrl+X, paste it into
     another open motion with Ctrl+V, reverse the pasted range with Ctrl+R, save both; read
     both files back;
  7. Ctrl+T, type a length, Enter: the motion retimed; Ctrl+S; read back;
  8. convert a motion of 16,384 keyframes to the ERS-210 (worked out in the background),
     Apply, Ctrl+S; read back;
  9. type -35 into a keyframe cell, Enter, Ctrl+Z, Ctrl+S: the file keeps the original
     value; type -35 again, Enter, Ctrl+S: the file holds -35 degrees exactly; 12 and Tab
     sent at once into the next keyframe's cell: the file holds 12 degrees;
 10. the window carries the application's icon and class (what a desktop shows and pairs
     with the installed entry); Ctrl+Shift+E, a project folder typed, Export: a Webots
     motion beside the file and a project that plays it; again: Export names the file
     that exists and writes over it only on Replace;
 11. select a range on the strip, Motion > Shape..., Ease in-out, Apply, Ctrl+S: the file is
     what `mtn-studio shape` makes of that range; a custom shape's handle dragged on the
     timeline moves the dialog's handle;
 12. F11 makes the stage large; a screen reader finds it by its name; dragging on it turns
     the robot (what it shows changes), the view keys change it, and moving the playhead
     (End) poses the robot anew while it is shown; the window stays responsive;
 13. (`first_hour.py`, `posing.py`, `simulate.py`, `playback.py`, `sticks.py`) the first
     hour's, posing's, simulation's, playback's and the memory stick's scenarios: the FL paw's
     handle lifted with Shift+drag, the margin read, Ctrl+Z, lifted again, Ctrl+S.

Run inside a D-Bus session with the accessibility bus up (see run.sh).
Usage: drive.py BINARY MOTION.mtn
"""

import json
import math
import os
import shutil
import subprocess
import tempfile
import time

import pyatspi

from session import *  # noqa: F401,F403 (the helpers every scenario uses)
import first_hour
import generating
import playback
import posing
import simulate
import sticks


def edit_copy_paste_save():
    original = read_motion(MOTION)
    app_process, window = start(MOTION)
    try:
        click('Hide all')
        click(KNEE, 'check box')
        drag_by('Point %s keyframe 2' % KNEE, -40)
        drag_by('Point %s keyframe 1' % KNEE, 30)
        key('ctrl+z')
        click('Keyframe 0')
        key('ctrl+c')
        click('Keyframe 3')
        key('ctrl+v')
        wait_title(window, 'the edits', unsaved=True)
        key('ctrl+s')
        wait_title(window, 'Ctrl+S', unsaved=False)
        key('ctrl+q')
        wait_closed(app_process, 'Ctrl+Q on a saved motion')
    finally:
        if app_process.poll() is None:
            app_process.kill()

    saved = read_motion(MOTION)
    joints = [j['name'] for j in info(MOTION)['joints']]
    knee = joints.index(KNEE)
    before, after = original['keyframes'], saved['keyframes']
    if len(after) != len(before):
        fail('%d keyframes saved, %d expected' % (len(after), len(before)))
    # Keyframe 3 holds keyframe 0's pose (body angles too), to the microradian.
    if after[3]['angles_urad'] != before[0]['angles_urad']:
        fail('keyframe 3 is not keyframe 0\'s pose: %r' % after[3]['angles_urad'])
    if after[3]['body_urad'] != before[0]['body_urad']:
        fail('keyframe 3 has not keyframe 0\'s body angles')
    # The second drag (keyframe 1) was undone: keyframe 1 is as it was.
    if after[1] != before[1]:
        fail('keyframe 1 changed: the undone drag is in the file')
    # The first drag raised the knee at keyframe 2, and nothing else there.
    raised = after[2]['angles_urad'][knee] - before[2]['angles_urad'][knee]
    if raised <= 0:
        fail('the knee at keyframe 2 did not go up (%d µrad)' % raised)
    for j, (a, b) in enumerate(zip(after[2]['angles_urad'], before[2]['angles_urad'])):
        if j != knee and a != b:
            fail('joint %d of keyframe 2 changed' % j)
    for k in (0,):
        if after[k] != before[k]:
            fail('keyframe %d changed' % k)
    if [k['frames'] for k in after] != [k['frames'] for k in before]:
        fail('the timing changed')
    log('ok: knee at keyframe 2 raised by %d µrad, keyframe 3 = keyframe 0, keyframe 1 as it was'
        % raised)


def save_as_without_a_file_dialog():
    target = os.path.join(os.path.dirname(MOTION), 'from-example.mtn')
    app_process, window = start()
    try:
        find('Tab ers7-stand-to-sit.mtn', 'page tab')
        click('Keyframe 1')
        key('Delete')
        key('ctrl+q')
        find('Save your changes?')
        click('Cancel', 'push button')
        if app_process.poll() is not None:
            fail('Ctrl+Q with unsaved edits closed the window without asking')
        key('ctrl+s')
        field = find('Path of the .mtn file to write', 'entry')
        note = pyatspi.findDescendant(
            application(), lambda n: n is not None and 'file dialog did not open' in (n.name or ''))
        if note is None:
            fail('the path prompt does not say why the system dialog did not come')
        x, y = centre(field)
        xdotool('mousemove', x, y)
        xdotool('click', 1)
        wait_typing_field('a click on the path field')
        key('ctrl+a')
        xdotool('type', '--delay', '20', target)
        time.sleep(0.3)
        key('Return')
        wait_title(window, 'not saved where typed', unsaved=False, contains='from-example.mtn')
        key('ctrl+q')
        wait_closed(app_process, 'Ctrl+Q after Save As')
    finally:
        if app_process.poll() is None:
            app_process.kill()
    saved = read_motion(target)
    if len(saved['keyframes']) != 3:
        fail('the saved example has %d keyframes, 3 expected' % len(saved['keyframes']))
    log('ok: Save As without a file dialog wrote %s' % target)


ERS7_JOINTS = ['HEAD_PITCH', 'HEAD_YAW', 'HEAD_PITCH2', 'MOUTH', 'LEFT_EAR', 'RIGHT_EAR',
               'FL_LEG_VERT', 'FL_LEG_LAT', 'FL_LEG_KNEE', 'BL_LEG_VERT', 'BL_LEG_LAT',
               'BL_LEG_KNEE', 'FR_LEG_VERT', 'FR_LEG_LAT', 'FR_LEG_KNEE', 'BR_LEG_VERT',
               'BR_LEG_LAT', 'BR_LEG_KNEE', 'TAIL_VERT', 'TAIL_HORZ']


def names_a_screen_reader_finds():
    malformed = os.path.join(os.path.dirname(MOTION), 'malformed.mtn')
    with open(MOTION, 'rb') as f:
        data = bytearray(f.read())
    # The section-1 size four bytes short, as scripts that relabelled files left it.
    size = int.from_bytes(data[32:36], 'little')
    data[32:36] = (size - 4).to_bytes(4, 'little')
    with open(malformed, 'wb') as f:
        f.write(data)
    app_process, _ = start(malformed)
    try:
        find('Tab malformed.mtn', 'page tab')
        for joint in ERS7_JOINTS:
            find(joint, 'check box')
        for k in range(4):
            find('Keyframe %d' % k)
        # The problems lie below the pose section and the header: the column scrolls.
        scroll_down_to('The header was edited by a tool that did not update its sizes',
                       'Apply pose', prefix=True)
        find('section1-size \u00b7 ', prefix=True)
        repair = find('Repair', 'push button')
        if not repair.getState().contains(pyatspi.STATE_ENABLED):
            fail('Repair is greyed out on a malformed file')
        click('Repair', 'push button')
        find('Tab malformed.mtn \u2022', 'page tab')
    finally:
        app_process.kill()
    log('ok: the tab, 20 joints, 4 keyframe rows and Repair are in the accessibility tree')


CORPUS = os.environ.get('MTN_STUDIO_CORPUS') or os.path.join(
    os.path.dirname(os.path.abspath(__file__)), '..', '..', '..', 'shared', 'corpus')


def import_through_the_grid():
    """File > Import of Choreonoid's SR1 walk: one joint mapped by hand in the grid's
    drop-down, then Import makes a new, unsaved tab; quitting asks."""
    walk = os.path.abspath(os.path.join(CORPUS, 'seq', 'SR1WalkPattern1.seq'))
    if not os.path.exists(walk):
        log('SKIPPED the import: no corpus at %s' % CORPUS)
        return
    app_process, window = start(MOTION)
    try:
        find('Tab motion.mtn', 'page tab')
        key('ctrl+i')
        x, y = centre(find('Import from', 'entry'))
        xdotool('mousemove', x, y)
        xdotool('click', 1)
        time.sleep(0.3)
        xdotool('type', '--delay', '15', walk)
        time.sleep(0.5)
        key('Tab')
        # The grid of joints scrolls in a window smaller than the dialog's rows.
        scroll_above('BR_LEG_KNEE part', 'HEAD_PITCH part', 'Map file')
        click('BR_LEG_KNEE part')
        click('part 3')
        click('Import', 'push button')
        find('Tab SR1WalkPattern1.mtn \u2022', 'page tab')
        key('ctrl+q')
        find('Save your changes?')
        click("Don't Save", 'push button')
        wait_closed(app_process, "Don't Save after an import")
    finally:
        if app_process.poll() is None:
            app_process.kill()
    log('ok: the walk imported through the grid into an unsaved tab, and quitting asked')


def a_crash_leaves_work_to_restore():
    """An edit, then the process killed (a crash): the next start offers the work back."""
    recovery = tempfile.mkdtemp(prefix='recovery-')
    app_process, _ = start(MOTION, recovery=recovery)
    try:
        find('Tab motion.mtn', 'page tab')
        click('Keyframe 1')
        key('Delete')
        find('Tab motion.mtn \u2022', 'page tab')
        time.sleep(1)
    finally:
        app_process.kill()
        app_process.wait()
    app_process, _ = start(recovery=recovery)
    try:
        find('Restore unsaved work?')
        click('Restore', 'push button')
        find('Tab motion.mtn \u2022', 'page tab')
        key('ctrl+q')
        find('Save your changes?')
        click("Don't Save", 'push button')
        wait_closed(app_process, "Don't Save after a restore")
    finally:
        if app_process.poll() is None:
            app_process.kill()
    log('ok: after a crash the next start offered the unsaved edit back, as an unsaved tab')


def gait_edit_and_save():
    """A StickyBot gait file: a servo's upper limit typed in, saved with Ctrl+S; the file
    read back through the codec (`mtn-studio info --json`)."""
    example = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'assets',
                           'stickybot-example.gait')
    path = copy_into(tempfile.mkdtemp(prefix='gait-'), example, 'robot.gait')
    app_process, _ = start(path)
    try:
        find('Tab robot.gait', 'page tab')
        click('servo 0 upper', 'spin button')
        wait_typing_field('a click on servo 0 upper')
        key('ctrl+a')
        xdotool('type', '--delay', '30', '210')
        key('Return')
        find('Tab robot.gait \u2022', 'page tab')
        key('ctrl+s')
        find('Tab robot.gait', 'page tab')
        key('ctrl+q')
        wait_closed(app_process, 'Ctrl+Q after saving the gait file')
    finally:
        if app_process.poll() is None:
            app_process.kill()
    saved = info(path)
    upper = saved['sections'][0]['upper'][0]
    if upper != 210:
        fail('the saved gait file has upper limit %r for servo 0, not 210' % upper)
    log('ok: a gait file edited in the window (servo 0 upper limit 200 -> 210) and saved')


def range_cut_paste_reverse():
    """A time range dragged on the strip, cut with Ctrl+X, pasted into another open motion
    with Ctrl+V, reversed there with Ctrl+R (the Motion menu's shortcut), both saved."""
    folder = tempfile.mkdtemp(prefix='range-')
    a, b = copy_into(folder, MOTION, 'a.mtn'), copy_into(folder, MOTION, 'b.mtn')
    original = read_motion(MOTION)['keyframes']
    app_process, _ = start(a)
    try:
        open_typed_path(b)
        find('Tab b.mtn', 'page tab')
        click('Tab a.mtn', 'page tab')
        # From just before keyframe 1 to just after keyframe 2, along the strip.
        x1, _ = centre(find('Point %s keyframe 1' % KNEE))
        x2, _ = centre(find('Point %s keyframe 2' % KNEE))
        _, y = centre(find('Time range'))
        drag_line(x1 - 6, y, x2 + 6, y)
        key('ctrl+x')
        find('Tab a.mtn \u2022', 'page tab')
        click('Tab b.mtn', 'page tab')
        key('End')
        key('ctrl+v')
        find('Tab b.mtn \u2022', 'page tab')
        key('ctrl+r')
        save_answering_safety()
        find('Tab b.mtn', 'page tab')
        click('Tab a.mtn \u2022', 'page tab')
        save_answering_safety()
        find('Tab a.mtn', 'page tab')
        key('ctrl+q')
        wait_closed(app_process, 'Ctrl+Q after saving both motions')
    finally:
        if app_process.poll() is None:
            app_process.kill()
    cut, pasted = read_motion(a)['keyframes'], read_motion(b)['keyframes']
    if [k['angles_urad'] for k in cut] != [original[0]['angles_urad'], original[3]['angles_urad']]:
        fail('a.mtn should keep keyframes 0 and 3 only: %d keyframes' % len(cut))
    if len(pasted) != 6 or pasted[:4] != original:
        fail('b.mtn should be the example plus two keyframes: %d keyframes' % len(pasted))
    if (pasted[4]['angles_urad'], pasted[5]['angles_urad']) != (
            original[2]['angles_urad'], original[1]['angles_urad']):
        fail('the pasted range was not reversed in b.mtn')
    log('ok: keyframes 1-2 cut from a.mtn, pasted after b.mtn\'s last and reversed there; '
        'both saved')


def retime_by_keyboard():
    """Ctrl+T opens Retime with its length ready: type it, Enter applies; Ctrl+S."""
    path = copy_into(tempfile.mkdtemp(prefix='retime-'), MOTION, 'm.mtn')
    app_process, window = start(path)
    try:
        key('ctrl+t')
        find('Retime', prefix=True)
        wait_typing_field('Ctrl+T')
        key('ctrl+a')
        xdotool('type', '--delay', '30', '2000')
        key('Return')
        wait_title(window, 'Enter in the Retime window did not retime the motion', unsaved=True)
        save_answering_safety()
        key('ctrl+q')
        wait_closed(app_process, 'Ctrl+Q after saving the retimed motion')
    finally:
        if app_process.poll() is None:
            app_process.kill()
    saved = info(path)
    if saved['duration_ms'] != 2000:
        fail('the saved motion lasts %r ms, not 2000' % saved['duration_ms'])
    log('ok: Ctrl+T, 2000, Enter retimed the motion to 2000 ms; saved and read back')


def convert_a_long_motion():
    """Motion > Convert to Another Model... on a motion of 16,384 keyframes: the preview and
    the conversion run in the background while the window keeps answering; Apply; Ctrl+S;
    read back as an ERS-210 motion of as many keyframes."""
    folder = tempfile.mkdtemp(prefix='convert-')
    path = copy_into(folder, MOTION, 'long0.mtn')
    # The motion joined to itself twelve times over (a 256 ms segment between copies).
    for n in range(12):
        longer = os.path.join(folder, 'long%d.mtn' % (n + 1))
        subprocess.run([BINARY, 'concat', '--transition', '256', '-o', longer, path, path],
                       check=True, capture_output=True)
        path = longer
    count = info(path)['keyframes']
    app_process, window = start(path)
    try:
        click('Motion')
        click('Convert to Another Model\u2026')
        # The preview comes from the background; the window answers the screen reader
        # meanwhile (find() asks it every quarter second).
        find('Result:', prefix=True, timeout=90)
        press_closing('Apply', 'Convert to Another Model')
        end = time.time() + 90
        while '\u2022' not in window_title(window):
            if time.time() > end:
                fail('the conversion never reached the motion')
            find('Motion')
            time.sleep(0.25)
        save_answering_safety()
        key('ctrl+q')
        wait_closed(app_process, 'Ctrl+Q after saving the converted motion')
    finally:
        if app_process.poll() is None:
            app_process.kill()
    saved = info(path)
    if saved['design'] != 'DRX-900' or saved['keyframes'] != count:
        fail('the saved motion is %r with %r keyframes, not DRX-900 with %d'
             % (saved['design'], saved['keyframes'], count))
    log('ok: %d keyframes converted to the ERS-210 in the background, saved, read back'
        % count)


def typed_value_is_one_undo_step():
    """A number typed into a keyframe cell key by key is one edit: one Ctrl+Z takes it back
    whole (not one keystroke of it), and typed again it is saved exactly."""
    path = copy_into(tempfile.mkdtemp(prefix='typed-'), MOTION, 'm.mtn')
    joints = [j['name'] for j in info(path)['joints']]
    head = joints.index('HEAD_PITCH')
    original = read_motion(path)['keyframes'][1]['angles_urad'][head]
    minus_35 = round(-35 * math.pi * 1e6 / 180)

    def type_minus_35():
        click('HEAD_PITCH keyframe 1', 'spin button')
        wait_typing_field('a click on the keyframe 1 cell')
        key('ctrl+a')
        xdotool('type', '--delay', '60', '--', '-35')
        key('Return')

    app_process, window = start(path)
    try:
        type_minus_35()
        wait_title(window, 'typing -35 and Enter did not change the motion', unsaved=True)
        click('Keyframe 0')
        key('ctrl+z')
        wait_title(window, 'one Ctrl+Z did not take the typed value back whole',
                   unsaved=False)
        save_answering_safety()
        value = read_motion(path)['keyframes'][1]['angles_urad'][head]
        if value != original:
            fail('after the undo the file holds %d µrad, not the original %d' % (value, original))
        type_minus_35()
        save_answering_safety()
        value = read_motion(path)['keyframes'][1]['angles_urad'][head]
        if value != minus_35:
            fail('the typed -35 was saved as %d µrad, not %d' % (value, minus_35))
        # A quick typist: 1, 2 and Tab sent in one go, with no delay between them, so they
        # reach the window between two frames; the 12 is kept, not lost to the Tab.
        click('HEAD_PITCH keyframe 2', 'spin button')
        wait_typing_field('a click on the keyframe 2 cell')
        key('ctrl+a')
        xdotool('key', '--delay', '0', '1', '2', 'Tab')
        time.sleep(0.5)
        save_answering_safety()
        twelve = round(12 * math.pi * 1e6 / 180)
        value = read_motion(path)['keyframes'][2]['angles_urad'][head]
        if value != twelve:
            fail('12 typed then Tab at once was saved as %d µrad, not %d' % (value, twelve))
        # Tab takes the keyboard to the next cell (HEAD_YAW): what is typed there replaces
        # its value, as in a spreadsheet (it went after the value: 25.00 and 30 made 25.003).
        click('HEAD_PITCH keyframe 3', 'spin button')
        wait_typing_field('a click on the keyframe 3 cell')
        key('ctrl+a')
        xdotool('type', '--delay', '60', '7')
        key('Tab')
        time.sleep(0.5)
        xdotool('type', '--delay', '60', '30')
        key('Tab')
        time.sleep(0.5)
        save_answering_safety()
        yaw = joints.index('HEAD_YAW')
        row = read_motion(path)['keyframes'][3]['angles_urad']
        seven, thirty = (round(v * math.pi * 1e6 / 180) for v in (7, 30))
        if (row[head], row[yaw]) != (seven, thirty):
            fail('7, Tab, 30 in keyframe 3 was saved as HEAD_PITCH %d and HEAD_YAW %d µrad, '
                 'not %d and %d' % (row[head], row[yaw], seven, thirty))
        key('ctrl+q')
        wait_closed(app_process, 'Ctrl+Q after saving the typed value')
    finally:
        if app_process.poll() is None:
            app_process.kill()
    log('ok: -35 typed, one Ctrl+Z gave back %d µrad; typed again and saved as %d µrad; '
        '12 and Tab sent at once kept the 12; 30 typed into the next cell replaced its value'
        % (original, minus_35))


def icon_and_export_for_webots():
    folder = tempfile.mkdtemp(prefix='webots-')
    path = copy_into(folder, MOTION, 'wave.mtn')
    app_process, window = start(path)
    try:
        wm_class = subprocess.run(['xprop', '-id', window, 'WM_CLASS'],
                                  capture_output=True, text=True).stdout
        if '"mtn-studio"' not in wm_class:
            fail('the window\'s class is not mtn-studio: %r' % wm_class)
        # The icon as the window hands it to the desktop: width, height, then ARGB pixels.
        icon = subprocess.run(['xprop', '-id', window, '-f', '_NET_WM_ICON', '32c',
                               '_NET_WM_ICON'], capture_output=True, text=True).stdout
        values = [int(v) for v in icon.split('=', 1)[-1].replace(',', ' ').split()
                  if v.isdigit()]
        if values[:2] != [256, 256] or len(values) < 20000:
            fail('the window carries no 256 x 256 icon: %r' % icon[:120])
        # xprop prints the first quarter of a megabyte or so: most of those pixels are the
        # icon's opaque tile.
        opaque = sum(1 for argb in values[2:] if argb >> 24 == 255)
        if opaque < len(values) // 2:
            fail('the window\'s icon is mostly transparent (%d of %d pixels opaque)'
                 % (opaque, len(values) - 2))
        key('ctrl+shift+e')
        find('Export for Webots')
        field = find('Webots project folder (optional)', 'entry')
        x, y = centre(field)
        xdotool('mousemove', x, y)
        xdotool('click', 1)
        wait_typing_field('a click on the project folder field')
        project = os.path.join(folder, 'project')
        xdotool('type', '--delay', '20', project)
        time.sleep(0.3)
        click('Export', 'push button')
        motion = os.path.join(folder, 'wave.motion')
        end = time.time() + 10
        while not os.path.exists(motion) and time.time() < end:
            time.sleep(0.2)
        if not os.path.exists(motion):
            fail('Export for Webots wrote no %s' % motion)
        # Again: the window names what exists and writes over it only on Replace.
        written = os.path.getmtime(motion)
        time.sleep(1.1)
        key('ctrl+shift+e')
        find('Export for Webots')
        click('Export', 'push button')
        find('Replace', 'push button')
        if os.path.getmtime(motion) != written:
            fail('Export for Webots wrote over %s without asking' % motion)
        click('Replace', 'push button')
        end = time.time() + 10
        while os.path.getmtime(motion) == written and time.time() < end:
            time.sleep(0.2)
        if os.path.getmtime(motion) == written:
            fail('Replace did not write over %s' % motion)
        key('ctrl+q')
        wait_closed(app_process, 'Ctrl+Q after exporting')
    finally:
        if app_process.poll() is None:
            app_process.kill()
    with open(motion) as f:
        first = f.readline()
    if not first.startswith('#WEBOTS_MOTION,V1.0,PRM:/r1/c1-Joint2:11,'):
        fail('the .motion begins %r' % first[:60])
    world = os.path.join(project, 'worlds', 'wave.wbt')
    if not os.path.exists(world):
        fail('no Webots world at %s' % world)
    back = os.path.join(folder, 'back.mtn')
    subprocess.run([BINARY, 'convert', motion, back, '--model', 'DRX-1000'], check=True,
                   capture_output=True)
    if info(back)['duration_ms'] != info(path)['duration_ms']:
        fail('the .motion imported back lasts %r ms, not %r' % (
            info(back)['duration_ms'], info(path)['duration_ms']))
    log('ok: the window shows the icon; Ctrl+Shift+E wrote %s and the world %s, and wrote '
        'over the motion only on Replace' % (motion, world))


def shape_a_range_and_drag_a_handle():
    """A range selected on the strip, Motion > Shape..., Ease in-out (each segment, the
    dialog's first choice), Apply, Ctrl+S: the file is what `mtn-studio shape
    --each-segment` makes of the same range. Then a custom shape whose first handle is
    dragged on the timeline: the dialog's handle follows it."""
    folder = tempfile.mkdtemp(prefix='shape-')
    path = copy_into(folder, MOTION, 'm.mtn')
    expected = os.path.join(folder, 'expected.mtn')
    subprocess.run([BINARY, 'shape', path, '--from', '256', '--to', '1248', '--curve',
                    'in-out', '--each-segment', '-o', expected], check=True,
                   capture_output=True)
    app_process, window = start(path)
    try:
        select_range_on_the_strip(1, 3)
        click('Motion')
        # A menu item's name ends with its shortcut ("Shape\u2026 (Range) Ctrl+K").
        click('Shape\u2026 (Range)', prefix=True)
        click('Curve', 'combo box')
        click('Ease in-out (slow at both ends)')
        find('Result:', prefix=True)
        click('Apply', 'push button')
        wait_title(window, 'Apply in the Shape window did not shape the motion', unsaved=True)
        save_answering_safety()
        wait_title(window, 'Ctrl+S after shaping', unsaved=False)
        # Again, a custom shape: its first handle dragged up on the timeline.
        key('ctrl+k')
        click('Curve', 'combo box')
        click('Custom: drag the two handles on the timeline')
        # Handles shape one curve over the range.
        click('One curve over the range', 'radio button')
        value = find('Handle 1 value', 'spin button')
        before = value.queryValue().currentValue
        x, y = centre(find('Handle 1'))
        drag_line(x, y, x + 20, y - 80)
        end = time.time() + 10
        while find('Handle 1 value', 'spin button').queryValue().currentValue == before:
            if time.time() > end:
                fail('dragging Handle 1 on the timeline did not move it (value %r)' % before)
            time.sleep(0.2)
        key('Escape')
        key('ctrl+q')
        wait_closed(app_process, 'Ctrl+Q after shaping')
    finally:
        if app_process.poll() is None:
            app_process.kill()
    if read_motion(path) != read_motion(expected):
        fail('the motion shaped in the window differs from `mtn-studio shape --each-segment` '
             'on that range')
    log('ok: keyframes 1-3 eased in-out segment by segment from the Motion menu and saved, '
        'as `mtn-studio shape --each-segment` makes them; a custom shape\'s handle dragged '
        'on the timeline')


def orbit_the_stage_and_move_the_playhead():
    folder = tempfile.mkdtemp(prefix='stage-')
    # The bundled stand-to-sit as shipped (the first scenario saves its edits into MOTION).
    shipped = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'assets',
                           'ers7-stand-to-sit.mtn')
    path = copy_into(folder, shipped, 'stage.mtn')
    app_process, window = start(path)
    try:
        def stage_width():
            return find('Stage').queryComponent().getExtents(pyatspi.DESKTOP_COORDS).width
        small = stage_width()
        key('F11')
        end = time.time() + 5
        while stage_width() < small * 1.25:
            if time.time() > end:
                fail('F11 did not make the stage large (%d points wide, %d before)'
                     % (stage_width(), small))
            time.sleep(0.2)
        stage = find('Stage')
        time.sleep(0.5)
        first = grab(stage, 'first')
        x, y = centre(stage)
        drag_line(x, y, x + 140, y + 40)
        time.sleep(0.5)
        turned = grab(find('Stage'), 'turned')
        changed = pixels_differing(first, turned)
        if changed < 2000:
            fail('dragging on the stage did not turn the robot (%d pixels changed)' % changed)
        xdotool('mousemove', x, y)
        key('1')
        front = grab(find('Stage'), 'front')
        if pixels_differing(turned, front) < 2000:
            fail('the key 1 over the stage did not show the robot from the front')
        # The playhead to the end of the stand-to-sit: the robot sits. The window may be
        # between frames when the key arrives: wait for the picture, and press it once more
        # (logged) if nothing came.
        moved = 0
        for attempt in range(2):
            key('End')
            end = time.time() + 4
            while time.time() < end:
                sitting = grab(find('Stage'), 'sitting')
                moved = pixels_differing(front, sitting)
                if moved >= 2000:
                    break
                time.sleep(0.3)
            if moved >= 2000:
                break
            log('End did not move the playhead (attempt %d): %s' % (attempt + 1,
                                                                   focused_description()))
        if moved < 2000:
            fail('moving the playhead did not pose the robot anew (%d pixels changed)' % moved)
        key('F11')
        key('ctrl+q')
        wait_closed(app_process, 'Ctrl+Q after turning the stage')
    finally:
        if app_process.poll() is None:
            app_process.kill()
    log('ok: the stage made large with F11, found by its name, turned by a drag and the '
        'view keys, and posed anew as the playhead moved')


def play_a_skit_without_a_sound_card():
    """A motion with a skit beside it (a sound 250 ms in, an LED pattern): its tracks come
    back when it opens and are found by their names; a track dragged sideways moves in time;
    Space plays with no audio device, which the window says once, and the playhead moves."""
    import math
    import wave
    folder = tempfile.mkdtemp(prefix='skit-')
    shipped = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'assets',
                           'ers7-stand-to-sit.mtn')
    path = copy_into(folder, shipped, 'greet.mtn')
    with wave.open(os.path.join(folder, 'bark.wav'), 'wb') as sound:
        sound.setnchannels(1)
        sound.setsampwidth(2)
        sound.setframerate(16000)
        frames = bytearray()
        for i in range(24000):
            t = i / 16000
            v = 0.5 * math.sin(2 * math.pi * 440 * t) * math.exp(-4 * (t % 0.5))
            frames += int(v * 32767).to_bytes(2, 'little', signed=True)
        sound.writeframes(bytes(frames))
    # An LED pattern as Sony writes them: 480 ticks a quarter at 256,005 us, channel 1,
    # note-offs as note-ons of velocity 0; face light A1 for 60 robot ticks, then A2.
    track = b'\x00\xff\x51\x03' + (256005).to_bytes(3, 'big')
    track += b'\x00\x90\x30\x7f' + vlq(60 * 15) + b'\x90\x30\x00'
    track += b'\x00\x90\x31\x60' + vlq(60 * 15) + b'\x90\x31\x00'
    track += b'\x00\xff\x2f\x00'
    with open(os.path.join(folder, 'so12_x00greet_l1f.mid'), 'wb') as f:
        f.write(b'MThd' + (6).to_bytes(4, 'big') + b'\x00\x00\x00\x01\x01\xe0')
        f.write(b'MTrk' + len(track).to_bytes(4, 'big') + track)
    with open(os.path.join(folder, 'greet.skit'), 'w') as f:
        json.dump({'skit': 1, 'motion': {'path': 'greet.mtn'},
                   'sound': {'path': 'bark.wav', 'offset_ms': 250},
                   'led': {'path': 'so12_x00greet_l1f.mid', 'offset_ms': 0}}, f)
    app_process, window = start(path)
    try:
        sound = find('Sound track', 'slider')
        find('LED track', 'slider')
        offset = find('Sound offset', 'spin button')
        before = offset.queryValue().currentValue
        if before != 250:
            fail('the skit put the sound at %s ms, not 250' % before)
        x, y = centre(sound)
        drag_line(x, y, x + 80, y)
        after = find('Sound offset', 'spin button').queryValue().currentValue
        if after <= before:
            fail('dragging the sound track sideways did not move it (%s ms)' % after)
        key('space')
        find('Sound is off', prefix=True, timeout=10)
        key('space')
        # The lights at the playhead, beside the tracks, named for a screen reader.
        find('Lights: ', prefix=True)
        # The moved track is an unsaved edit: quitting asks, and Save writes the skit.
        key('ctrl+q')
        find('greet.mtn (its sound and LED tracks) has unsaved edits', prefix=True)
        click('Save', 'push button')
        wait_closed(app_process, 'Save after moving the sound track')
        with open(os.path.join(folder, 'greet.skit')) as f:
            saved = json.load(f)['sound']['offset_ms']
        if saved != after:
            fail('the skit saved the sound at %s ms, not where it was left (%s)' % (saved, after))
    finally:
        if app_process.poll() is None:
            app_process.kill()
    log('ok: the skit put back its sound and LED tracks, found by name; the sound dragged '
        'from %d to %d ms; Space played with no sound card, which the window said; the '
        'lights were named; quitting asked, and Save wrote the move into the skit'
        % (before, after))


if __name__ == '__main__':
    scenarios = [edit_copy_paste_save, save_as_without_a_file_dialog,
                 names_a_screen_reader_finds, import_through_the_grid,
                 a_crash_leaves_work_to_restore, gait_edit_and_save,
                 range_cut_paste_reverse, retime_by_keyboard, convert_a_long_motion,
                 typed_value_is_one_undo_step, icon_and_export_for_webots,
                 shape_a_range_and_drag_a_handle, orbit_the_stage_and_move_the_playhead,
                 play_a_skit_without_a_sound_card, *first_hour.SCENARIOS,
                 *posing.SCENARIOS, *simulate.SCENARIOS, *playback.SCENARIOS,
                 *sticks.SCENARIOS, *generating.SCENARIOS]
    # REAL_WINDOW_ONLY=name runs one of them (to look into a failure).
    only = os.environ.get('REAL_WINDOW_ONLY')
    for scenario in scenarios:
        if only is None or scenario.__name__ == only:
            began = time.time()
            scenario()
            log('%s took %.1f s' % (scenario.__name__, time.time() - began))
