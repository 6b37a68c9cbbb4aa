"""rules.py - how the output checkers report: one line per rule, ok or FAIL."""


class Rules:
    """A checker's rules; self.failed names those that failed."""

    def __init__(self):
        self.failed = []

    def rule(self, name, bad, ok_text, shown=10):
        if not bad:
            print("ok   %s: %s" % (name, ok_text))
            return
        self.failed.append(name)
        for b in bad[:shown]:
            print("FAIL %s: %s" % (name, b))
        if len(bad) > shown:
            print("FAIL %s: ... %d more" % (name, len(bad) - shown))
