"""tekken"""
