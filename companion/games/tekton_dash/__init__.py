"""tekton_dash"""
