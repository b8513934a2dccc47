import subprocess
import sys


def test_importing_the_engine_never_imports_pygame():
    code = "import game, game.game, game.rules, game.scoring, game.match, sys; assert 'pygame' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True)
