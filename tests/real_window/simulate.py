"""Real-window scenarios for the stage's Simulate switch: Sony's walk simulated and played,
the simulated body seen moving across the floor (by its accessible name and its place on
screen); a built motion that falls shows its fall in the Problems panel, marked simulated.
"""

import csv
import io

import pyatspi

from session import *  # noqa: F401,F403 (the helpers every scenario uses)

CORPUS = os.environ.get('MTN_STUDIO_CORPUS') or os.path.join(
    os.path.dirname(os.path.abspath(__file__)), '..', '..', '..', 'shared', 'corpus')


def body():
    """The simulated body's accessible name and its place on screen."""
    node = find('Simulated body:', prefix=True, timeout=60)
    return node.name, centre(node)


def forward_mm(name):
    """How far forward the body is, from its name ("Simulated body: 94 mm forward, 0 mm,
    turned 1° left"; "12 mm back"; "0 mm")."""
    first = name.split('body: ')[1].split(',')[0]
    mm = float(first.split(' mm')[0])
    return -mm if first.endswith('back') else mm


def the_walk_simulated_moves_across_the_floor():
    archive = os.path.abspath(os.path.join(CORPUS, 'mtn', 'monet-ERS-7-MOTION7.ODA'))
    if not os.path.exists(archive):
        log('SKIPPED the simulated walk: no corpus at %s' % CORPUS)
        return
    work = tempfile.mkdtemp(prefix='simulate-')
    subprocess.run([BINARY, 'oda', 'extract', archive, '--entry', 'a_walk#walk_sox_fwd',
                    '-o', work], check=True, capture_output=True)
    path = os.path.join(work, 'walk.mtn')
    os.rename(os.path.join(work, 'a_walk#walk_sox_fwd.mtn'), path)
    app_process, window = start(path)
    try:
        click('Simulate')
        name, at = body()
        if forward_mm(name) != 0:
            fail('before playing the simulated body is at %r' % name)
        click('Play')
        # The walk is 1.4 s long: it plays to its end and stays there.
        time.sleep(2.5)
        later, later_at = body()
        if forward_mm(later) < 20:
            fail('after playing the walk the simulated body is only at %r' % later)
        if later_at == at:
            fail('the simulated body did not move on screen (%r)' % (at,))
        log('ok: the walk simulated moved the body from %r at %r to %r at %r' % (
            name, at, later, later_at))
        # Five plays in a row, watched with Loop on: the second play goes on from the first.
        # (A narrow stage keeps its options in its "…" menu.)
        if pyatspi.findDescendant(application(), lambda n: n is not None and n.name == '…'):
            click('…')
        click('5 plays')
        end = time.time() + 60
        while not body()[0].endswith('(play 1 of 5)'):
            if time.time() > end:
                fail('five plays were never simulated: %r' % body()[0])
            time.sleep(0.3)
        click('Loop')
        click('Play')
        # Past the first play's end, the body goes on from where the first left it.
        end = time.time() + 20
        while True:
            second = body()[0]
            if '(play 1 of 5)' not in second and forward_mm(second) > forward_mm(later) + 20:
                break
            if time.time() > end:
                fail('looping on, the stage does not go on into the next play: %r after %r'
                     % (second, later))
            time.sleep(0.2)
        log('ok: five plays simulated, looping shows %r' % second)
    finally:
        app_process.kill()


def falling_motion(work):
    """A stand with both left legs folded up over a second, held a second: made with the
    command line from `new`, through CSV."""
    stand = new_stand(work)
    table = os.path.join(work, 'stand.csv')
    subprocess.run([BINARY, 'convert', stand, table], check=True, capture_output=True)
    with open(table) as f:
        lines = f.read().splitlines()
    header = [l for l in lines if l.startswith('#')]
    rows = list(csv.reader(l for l in lines if not l.startswith('#')))
    names, first = rows[0], rows[1]
    folded = list(first)
    for joint, value in [('FL_LEG_VERT', 40), ('FL_LEG_KNEE', 110),
                         ('BL_LEG_VERT', -40), ('BL_LEG_KNEE', 110)]:
        folded[names.index(joint)] = str(value)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator='\n')
    writer.writerow(names)
    writer.writerow(first)
    for ms in (992, 1984):
        row = list(folded)
        row[names.index('time_ms')] = str(ms)
        row[names.index('frames')] = '62'
        writer.writerow(row)
    falls = os.path.join(work, 'falls.csv')
    with open(falls, 'w') as f:
        f.write('\n'.join(header) + '\n' + out.getvalue())
    path = os.path.join(work, 'falls.mtn')
    subprocess.run([BINARY, 'convert', falls, path], check=True, capture_output=True)
    return path


def a_built_fall_shows_in_the_problems_panel():
    work = tempfile.mkdtemp(prefix='simulate-')
    path = falling_motion(work)
    app_process, window = start(path)
    try:
        click('Simulate')
        body()
        x, y = centre(find('Header'))
        xdotool('mousemove', x, y)
        end = time.time() + 60
        while True:
            node = pyatspi.findDescendant(
                application(), lambda n: n is not None and 'simulated: at' in (n.name or ''))
            if node is not None:
                break
            if time.time() > end:
                fail('the Problems panel lists no simulated fall')
            xdotool('click', 5)
            time.sleep(0.3)
        if 'the robot' not in node.name:
            fail('the simulated problem says %r' % node.name)
        log('ok: the Problems panel says %r' % node.name)
    finally:
        app_process.kill()


SCENARIOS = [the_walk_simulated_moves_across_the_floor, a_built_fall_shows_in_the_problems_panel]
