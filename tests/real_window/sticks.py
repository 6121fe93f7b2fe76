"""A memory stick in the real window: a small stick made on disk with the command line's
`stick add` (a motion, a sound and an LED pattern as behaviour WAVE), opened as a folder;
its behaviour opened (the motion in a tab, the sound and the lights on their tracks); File >
Add to Stick… puts the motion in front on the stick again under another name; Check says
nothing stops the robot; the command line's `stick list` reads the new behaviour back."""

import json
import math
import os
import subprocess
import tempfile
import time
import wave

from session import *  # noqa: F401,F403


def make_stick(folder):
    """A stick with MEMSTICK.IND, an empty ERS-7 behaviour table and R-CODE's folder, and
    the files of a behaviour beside it; returns the stick's folder and the files."""
    stick = os.path.join(folder, 'STICK')
    for sub in ('OPEN-R/MW/CONF', 'OPEN-R/APP/PC/AMS'):
        os.makedirs(os.path.join(stick, sub))
    open(os.path.join(stick, 'MEMSTICK.IND'), 'wb').close()
    with open(os.path.join(stick, 'OPEN-R/MW/CONF/ERS-7.MWC'), 'wb') as f:
        f.write(b'MWCM' + (1).to_bytes(4, 'little') + bytes(8))
    for name in ('ACTION.CFG', 'R-CODE.CFG'):
        open(os.path.join(stick, 'OPEN-R/APP/PC/AMS', name), 'wb').close()
    sound = os.path.join(folder, 'wave_hello.wav')
    with wave.open(sound, 'wb') as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(16000)
        w.writeframes(b''.join(
            int(12000 * math.sin(2 * math.pi * 440 * i / 16000)).to_bytes(2, 'little', signed=True)
            for i in range(8000)))
    track = b'\x00\xff\x51\x03' + (256005).to_bytes(3, 'big')
    track += b'\x00\x90\x30\x7f' + vlq(60 * 15) + b'\x90\x30\x00' + b'\x00\xff\x2f\x00'
    lights = os.path.join(folder, 'wave_lights.led')
    with open(lights, 'wb') as f:
        f.write(b'MThd' + (6).to_bytes(4, 'big') + b'\x00\x00\x00\x01\x01\xe0')
        f.write(b'MTrk' + len(track).to_bytes(4, 'big') + track)
    return stick, sound, lights


def listed(stick):
    out = subprocess.run([BINARY, 'stick', 'list', stick, '--json'], capture_output=True,
                         text=True, check=True).stdout
    return json.loads(out)['behaviours']


def a_stick_opens_a_behaviour_goes_on_again_and_checks():
    folder = tempfile.mkdtemp(prefix='stick-')
    stick, sound, lights = make_stick(folder)
    added = subprocess.run([BINARY, 'stick', 'add', stick, '--motion', MOTION, '--sound', sound,
                            '--led', lights, '--name', 'WAVE'], capture_output=True, text=True)
    if added.returncode != 0:
        fail('stick add: ' + added.stderr)
    app_process, window = start(stick)
    try:
        wait_title(window, 'the stick opened', unsaved=False, contains='(stick)')
        click('30000')
        click('Open Behaviour', 'push button')
        find('Sound track', 'slider')
        find('LED track', 'slider')
        click('File')
        click('Add to Stick…', prefix=True)
        field = find('Action name', 'entry')
        x, y = centre(field)
        xdotool('mousemove', str(x), str(y), 'click', '--repeat', '3', '1')
        key('ctrl+a')
        xdotool('type', '--delay', '20', 'WAVE_AGAIN')
        click('Add', 'push button')
        wait_title(window, 'the stick shown again', unsaved=False, contains='(stick)')
        click('Check', 'push button')
        find('Check: nothing stops the robot', prefix=True)
    finally:
        if app_process.poll() is None:
            app_process.kill()
    names = [a['name'] for b in listed(stick) for a in b['actions']]
    if names != ['WAVE', 'WAVE_AGAIN']:
        fail('the stick lists %s, not WAVE and WAVE_AGAIN' % names)
    log('ok: the stick opened as a folder; its behaviour opened with its sound and lights on '
        'their tracks; Add to Stick put the motion on again as WAVE_AGAIN; Check found '
        'nothing that stops the robot; stick list reads both')


SCENARIOS = [a_stick_opens_a_behaviour_goes_on_again_and_checks]
