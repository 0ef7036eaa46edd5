"""Uchronicle: a trick-taking game where each card must win its trick, by changing the rules if need be (not yet registered)."""
